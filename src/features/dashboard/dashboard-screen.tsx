import { useDeferredValue, useMemo } from 'react';
import type { DashboardMirror } from '../../data/hooks/use-dashboard-mirror';
import type { RefreshState } from '../../data/hooks/use-refresh';
import { Msg } from '../../i18n/msg';
import { useIntlLanguage } from '../../i18n/use-intl-language';
import { ActivePrescriptions } from './active-prescriptions';
import { Advantages, TutorialLink } from './advantages';
import { dashboardModel } from './dashboard-rows';
import { ExpiringSection } from './expiring-section';
import { InstallApp, type InstallOffer } from './install-app';
import { IntakePlanSection } from './intake-plan-section';
import { OrdersOverview } from './orders-overview';
import { SetupPrompt } from './setup-prompt';
import { SyncLine } from './sync-line';
import './dashboard.css';

export interface DashboardScreenProps {
  mirror: DashboardMirror;
  now: Date;
  refresh: { state: RefreshState; run: () => void };
  install: InstallOffer;
}

/**
 * /dashboard (spec §2) with its data given: the greeting with the name, the "as of" line with
 * the refresh action, the setup prompt while setup is incomplete, today's intake plan (the
 * reason the app is opened, so right after the greeting), then expiring prescriptions, open
 * orders and active prescriptions beside it on a wide screen, the advantages, the tutorial and
 * the install offer. Those come in a second, deferred render: the first one — the installed
 * app's first paint on a slow phone — holds only the greeting and the plan, and no task is long
 * enough to hold up a tap (they appear below or beside the plan, moving nothing on it).
 */
export function DashboardScreen({ mirror, now, refresh, install }: DashboardScreenProps) {
  const language = useIntlLanguage();
  const model = useMemo(
    () => dashboardModel({ customer: mirror.customer, orders: mirror.orders, medications: mirror.medications, language, now }),
    [mirror, language, now],
  );
  const all = useDeferredValue(true, false);
  return (
    <section className="page dash" aria-labelledby="dash-title">
      <h1 id="dash-title">
        {model.firstName ? (
          <Msg id="dashboard.greeting.name" values={{ greeting: <Msg id={model.greeting} />, name: model.firstName }} />
        ) : (
          <Msg id={model.greeting} />
        )}
      </h1>
      <SyncLine syncedAt={mirror.syncedAt} now={now} refresh={refresh} />
      <SetupPrompt todo={model.setupTodo} />
      <div className="dash-grid">
        <div className="dash-grid__main">
          <IntakePlanSection model={model} />
        </div>
        <div className="dash-grid__side">
          {all ? (
            <>
              <ExpiringSection rows={model.expiring} />
              <OrdersOverview rows={model.openOrders} />
              <ActivePrescriptions rows={model.active} />
            </>
          ) : null}
        </div>
      </div>
      <div className="dash-footer">
        {all ? (
          <>
            <Advantages />
            <TutorialLink />
            <InstallApp offer={install} />
          </>
        ) : null}
      </div>
    </section>
  );
}
