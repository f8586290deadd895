// The caregiver RPCs (issue 41; supabase/README.md "Caregivers"): online only — an invitation's
// code is the server's answer, shown once. No React; each answers a Result whose error is the
// server's machine code (invitation_not_found, wrong_account, …), 'network' without an answer.
import { err, ok, type Result } from '../../domain/result';
import type { CaregiverRight } from '../../domain/caregivers/grants';
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { supabase, type AppClient } from '../supabase-client';

export interface Invitation {
  id: string;
  /** the one-time code, XXXX-XXXX-XXXX-XXXX */
  code: string;
  expiresAt: string;
  /** invited by e-mail: whether the code went out by mail; null: no e-mail given */
  mailed: boolean | null;
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

const invitationOf = (data: unknown, mailed: boolean | null): Invitation => {
  const d = data as { id: string; code: string; expires_at: string };
  return { id: d.id, code: d.code, expiresAt: d.expires_at, mailed };
};

/**
 * The patient invites a helper with these rights. With `email`, only that account may accept,
 * and the server function caregiverInvite mails the code there too.
 */
export async function inviteHelper(rights: readonly CaregiverRight[], email: string | null, client: AppClient = supabase()): Promise<Result<Invitation, string>> {
  if (!email) return call(() => client.rpc('caregiver_invite', { p_rights: [...rights] }), (data) => invitationOf(data, null));
  try {
    const { data, error } = await client.functions.invoke<{ mailed?: boolean }>('caregiverInvite', { body: { rights: [...rights], email } });
    if (!error) return ok(invitationOf(data, data?.mailed === true));
    if (error instanceof FunctionsHttpError) {
      // functions-js puts the Response of a non-2xx answer in context: its `error` is the machine code
      const answer = (await (error.context as Response).json().catch(() => null)) as { error?: unknown } | null;
      return err(typeof answer?.error === 'string' ? answer.error : 'failed');
    }
    return err(error instanceof FunctionsFetchError ? 'network' : 'failed');
  } catch {
    return err('network');
  }
}

/** The helper accepts an invitation by its code; `name`: how the patient will see them. */
export function acceptInvitation(code: string, name: string | null, client: AppClient = supabase()): Promise<Result<null, string>> {
  return call(() => client.rpc('caregiver_accept', { p_code: code, ...(name ? { p_name: name } : {}) }), () => null);
}

/** The patient withdraws an invitation or removes a helper; the helper leaves. */
export function endGrant(grantId: string, client: AppClient = supabase()): Promise<Result<null, string>> {
  return call(() => client.rpc('caregiver_revoke', { p_grant: grantId }), () => null);
}

/** The helper asks for (or stops) the missed-dose alert of a person they help. */
export function setMissedDoseAlert(grantId: string, on: boolean, client: AppClient = supabase()): Promise<Result<null, string>> {
  return call(() => client.rpc('caregiver_alert', { p_grant: grantId, p_on: on }), () => null);
}

/** The patient lets a helper's missed-dose alerts name the medications (or not). */
export function setAlertNames(grantId: string, on: boolean, client: AppClient = supabase()): Promise<Result<null, string>> {
  return call(() => client.rpc('caregiver_alert_names', { p_grant: grantId, p_on: on }), () => null);
}
