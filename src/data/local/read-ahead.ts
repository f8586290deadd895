// Data read at a returning patient's start, before the screen's live query has answered
// (src/app/stored-patient.ts reads it with idb-reads.ts): the screen's first render shows it,
// so the first paint of the installed app is the patient's plan, not a spinner. Taken by that
// first render only; the live query answers right after and owns the screen from then on.
import { dashboardIn, type DashboardMirror, type MirrorReads } from './mirror-reads';

let dashboard: DashboardMirror | null = null;

export async function readDashboardAhead(reads: MirrorReads): Promise<void> {
  dashboard = await dashboardIn(reads);
}

/** The dashboard read ahead, if it was and was not forgotten since. */
export const dashboardAhead = (): DashboardMirror | undefined => dashboard ?? undefined;

/** Once a screen has its live data, or the session has changed: never shown again. */
export function forgetReadAhead(): void {
  dashboard = null;
}
