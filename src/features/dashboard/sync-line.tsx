import { useIntl } from 'react-intl';
import type { RefreshState } from '../../data/hooks/use-refresh';
import { TIME_ZONE } from '../../domain/constants';
import { dateInTimeZone, daysBetween } from '../../domain/zoned-time';
import { Msg } from '../../i18n/msg';

const OUTCOME: Partial<Record<RefreshState, string>> = {
  running: 'dashboard.refresh.running',
  done: 'dashboard.refresh.done',
  offline: 'dashboard.refresh.offline',
  failed: 'dashboard.refresh.failed',
};

/** "today, 08:00", "yesterday, 21:30" or "10.03.2026, 08:00", in Zurich. */
function useWhen(now: Date): (at: number) => string {
  const intl = useIntl();
  return (at) => {
    const time = intl.formatTime(at, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });
    const days = daysBetween(dateInTimeZone(new Date(at), TIME_ZONE), dateInTimeZone(now, TIME_ZONE));
    if (days === 0) return intl.formatMessage({ id: 'dashboard.sync.today' }, { time });
    if (days === 1) return intl.formatMessage({ id: 'dashboard.sync.yesterday' }, { time });
    const date = intl.formatDate(at, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
    return intl.formatMessage({ id: 'dashboard.sync.date' }, { date, time });
  };
}

/**
 * The quiet line under the greeting: how fresh the data on this device is ("as of"), and the
 * refresh action with its progress and outcome in a polite live region (`syncedAt` undefined: not
 * read yet). A press while a
 * refresh runs does nothing (the button says so with aria-disabled, keeping its focus).
 */
export function SyncLine({ syncedAt, now, refresh }: { syncedAt: number | null | undefined; now: Date; refresh: { state: RefreshState; run: () => void } }) {
  const when = useWhen(now);
  const running = refresh.state === 'running';
  const outcome = OUTCOME[refresh.state];
  return (
    <div className="dash-sync">
      <p className="dash-sync__as-of">
        {/* undefined: the mirror has not answered yet (the line keeps its height, nothing moves when it does) */}
        {syncedAt === undefined ? '\u00a0' : syncedAt === null ? <Msg id="dashboard.sync.never" /> : <Msg id="dashboard.sync.asOf" values={{ when: when(syncedAt) }} />}
      </p>
      <button type="button" className="button button--secondary dash-sync__refresh" aria-disabled={running} onClick={running ? undefined : refresh.run}>
        <span className={`dash-sync__icon${running ? ' dash-sync__icon--spinning' : ''}`} aria-hidden="true" />
        <Msg id="dashboard.refresh" />
      </button>
      <p className={`dash-sync__status${refresh.state === 'offline' || refresh.state === 'failed' ? ' dash-sync__status--problem' : ''}`} role="status">
        {outcome ? <Msg id={outcome} /> : null}
      </p>
    </div>
  );
}
