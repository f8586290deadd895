// The caregiver grants (issue 41) as the screens read and change them: read live from the mirror
// (a read-only 'rows' table, ../tables/caregiver-grants.ts), changed online through the
// RPCs, then pulled again so the mirror shows the change at once (realtime brings it too).
import { useCallback } from 'react';
import type { CaregiverRight } from '../../domain/caregivers/grants';
import type { Result } from '../../domain/result';
import type { Invitation } from '../auth/caregiver-grants';
import type { LocalDb } from '../local/local-db';
import { tableQuery } from '../local/mirror-query';
import { caregiverGrantsRead, type CaregiverGrants } from '../tables/caregiver-grants';
import { useMirrorQuery } from './use-mirror-query';

/** The grants, live (undefined while the first read runs). */
export function useCaregiverGrants(db?: LocalDb): CaregiverGrants | undefined {
  return useMirrorQuery(tableQuery(caregiverGrantsRead), db);
}

const rpcs = () => import('../auth/caregiver-grants');
const pullAgain = async (): Promise<void> => {
  await (await import('../session/app-session')).appSession.refresh();
};

/** After a change the server accepted, the mirror is pulled again. */
async function thenPull<T>(result: Result<T, string>): Promise<Result<T, string>> {
  if (result.ok) await pullAgain().catch(() => undefined);
  return result;
}

/** The invitation, accepting and ending, the missed-dose alert and its names, each online. */
export function useCaregiverCommands() {
  const invite = useCallback(
    async (rights: readonly CaregiverRight[], email: string | null): Promise<Result<Invitation, string>> => thenPull(await (await rpcs()).inviteHelper(rights, email)),
    [],
  );
  const accept = useCallback(async (code: string, name: string | null): Promise<Result<null, string>> => thenPull(await (await rpcs()).acceptInvitation(code, name)), []);
  const end = useCallback(async (grantId: string): Promise<Result<null, string>> => thenPull(await (await rpcs()).endGrant(grantId)), []);
  const alert = useCallback(async (grantId: string, on: boolean): Promise<Result<null, string>> => thenPull(await (await rpcs()).setMissedDoseAlert(grantId, on)), []);
  const alertNames = useCallback(async (grantId: string, on: boolean): Promise<Result<null, string>> => thenPull(await (await rpcs()).setAlertNames(grantId, on)), []);
  return { invite, accept, end, alert, alertNames };
}
