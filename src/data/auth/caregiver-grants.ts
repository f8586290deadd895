// The caregiver RPCs (issue 41; supabase/README.md "Caregivers"): online only — an invitation's
// code is the server's answer, shown once. No React; each answers a Result whose error is the
// server's machine code (invitation_not_found, wrong_account, …), 'network' without an answer.
import { err, ok, type Result } from '../../domain/result';
import type { CaregiverRight } from '../../domain/caregivers/grants';
import { supabase, type AppClient } from '../supabase-client';

export interface Invitation {
  id: string;
  /** the one-time code, XXXX-XXXX-XXXX-XXXX */
  code: string;
  expiresAt: string;
}

type Answer = { data: unknown; error: { message?: string } | null; status: number };

async function call<T>(run: () => PromiseLike<Answer>, map: (data: unknown) => T): Promise<Result<T, string>> {
  try {
    const { data, error, status } = await run();
    if (error) return err(status === 0 ? 'network' : error.message || 'failed');
    return ok(map(data));
  } catch {
    return err('network');
  }
}

/** The patient invites a helper with these rights; `email`: only that account may accept. */
export function inviteHelper(rights: readonly CaregiverRight[], email: string | null, client: AppClient = supabase()): Promise<Result<Invitation, string>> {
  return call(
    () => client.rpc('caregiver_invite', { p_rights: [...rights], ...(email ? { p_email: email } : {}) }),
    (data) => {
      const d = data as { id: string; code: string; expires_at: string };
      return { id: d.id, code: d.code, expiresAt: d.expires_at };
    },
  );
}

/** The helper accepts an invitation by its code; `name`: how the patient will see them. */
export function acceptInvitation(code: string, name: string | null, client: AppClient = supabase()): Promise<Result<null, string>> {
  return call(() => client.rpc('caregiver_accept', { p_code: code, ...(name ? { p_name: name } : {}) }), () => null);
}

/** The patient withdraws an invitation or removes a helper; the helper leaves. */
export function endGrant(grantId: string, client: AppClient = supabase()): Promise<Result<null, string>> {
  return call(() => client.rpc('caregiver_revoke', { p_grant: grantId }), () => null);
}
