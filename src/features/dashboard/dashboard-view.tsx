import { useCallback, useSyncExternalStore } from 'react';
import { useDashboardMirror } from '../../data/hooks/use-dashboard-mirror';
import { useRefresh } from '../../data/hooks/use-refresh';
import { useSyncedAt } from '../../data/hooks/use-synced-at';
import { doseSlotAt } from '../../domain/doses/dose-slot';
import { installHint, installPrompt, platformFacts } from '../../lib/install-prompt';
import { Spinner } from '../../ui/spinner';
import { DashboardScreen } from './dashboard-screen';
import type { InstallOffer } from './install-app';
import { SyncLine } from './sync-line';
import { useHourlyNow } from './use-hourly-now';

/**
 * Route /dashboard (spec §2): reads the local mirror only, so the installed app shows today's
 * plan offline as it does online; the spinner shows only until IndexedDB answers. The clock
 * moves the period and the greeting on while the page stays open. An address into the plan
 * (the shortcut's #intake-plan, a reminder's period) is followed by the plan (plan-hash.ts).
 */
export default function DashboardView() {
  const now = useHourlyNow();
  const mirror = useDashboardMirror(doseSlotAt(now).day);
  const install = useInstallOffer();
  if (mirror === undefined) return <Spinner />;
  return <DashboardScreen mirror={mirror} now={now} syncLine={<LiveSyncLine now={now} />} install={install} refill />;
}

/** The "as of" line, following the time of the last pull and the refresh on its own (a new time renders this line alone). */
function LiveSyncLine({ now }: { now: Date }) {
  const syncedAt = useSyncedAt();
  const refresh = useRefresh();
  return <SyncLine syncedAt={syncedAt} now={now} refresh={refresh} />;
}

function useInstallOffer(): InstallOffer {
  const state = useSyncExternalStore(installPrompt.subscribe, installPrompt.get, installPrompt.get);
  const prompt = useCallback(() => void installPrompt.prompt(), []);
  return { ...state, hint: installHint(platformFacts()), prompt };
}
