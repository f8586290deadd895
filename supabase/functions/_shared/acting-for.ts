// Whether the caller may act for a patient with a right (issue 41): the patient themself, or a
// helper for whom can_act_for(patient, right) holds — read with the caller's own token, so the
// database decides (an accepted, unrevoked grant; aal2 where the patient has a second factor).
import { errorResponse, json, type callerClient } from './http.ts';
import { mapPostgrestError } from './postgrest-error.ts';

export type HelperRight = 'see' | 'tick' | 'order' | 'send';

/** null when the caller may act for `customerId` with `right`; otherwise the answer: 403 not_caller, or the database's error. */
export async function refusedToActFor(client: ReturnType<typeof callerClient>, callerId: string, customerId: string, right: HelperRight): Promise<Response | null> {
  if (customerId === callerId) return null;
  const may = await client.rpc('can_act_for', { p_customer_id: customerId, p_right: right });
  if (may.error) {
    const mapped = mapPostgrestError(may.status, may.error);
    return json(mapped.body, mapped.status);
  }
  return may.data === true ? null : errorResponse(403, 'not_caller', `You can act only for yourself or for a patient who gives you the right ${right}.`);
}
