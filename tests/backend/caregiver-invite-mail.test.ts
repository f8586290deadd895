// Issue 41 item 1: the patient invites a helper by e-mail — caregiverInvite against the real local
// stack: the invitation bound to the address, its code mailed there in the patient's language;
// bad input a clear 4xx with nothing stored or mailed; at most INVITE_MAIL_LIMIT mails an hour,
// withdrawn invitations counted, so inviting and withdrawing in a loop mails nobody more.
import { beforeAll, describe, expect, it } from 'vitest';
import { INVITE_MAIL_LIMIT } from '../../supabase/functions/_shared/caregiver-invite.ts';
import { anonClient, mailsTo, randomEmail, serviceClient, signUpPatient } from '../setup/clients.ts';
import { accept, revoke } from './caregiver-fixtures.ts';
import { functionError, must, patientWithProfile, type Patient } from './fixtures.ts';

let P: Patient;

beforeAll(async () => {
  P = await patientWithProfile('Walter');
});

const invite = (who: Patient, body: unknown) => who.client.functions.invoke('caregiverInvite', { body: body as Record<string, unknown> });
const grantsOf = async (patientId: string) => must(await serviceClient().from('caregiver_grants').select('id, invited_email').eq('patient_id', patientId), 'grants') as { id: string; invited_email: string | null }[];

describe('caregiverInvite', () => {
  it('mails the code to the address, which alone may accept it', async () => {
    const email = randomEmail();
    const { data, error } = await invite(P, { rights: ['see', 'tick'], email: `  ${email.toUpperCase()} ` });
    expect(error).toBeNull();
    const answer = data as { id: string; code: string; expires_at: string; mailed: boolean };
    expect(answer).toMatchObject({ id: expect.any(String), code: expect.stringMatching(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/), mailed: true });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Walter');
    expect(mails[0]!.text).toContain(`Ihr Code: ${answer.code}`);
    expect((await grantsOf(P.userId)).find((g) => g.id === answer.id)?.invited_email).toBe(email);
    // another account cannot use the mailed code; the invited one can
    const stranger = await signUpPatient();
    expect(await accept(stranger.client, answer.code)).toMatchObject({ status: 403, code: 'wrong_account' });
    const helper = await signUpPatient({ email });
    expect(await accept(helper.client, answer.code, 'Anna')).toMatchObject({ status: 200 });
  });

  it('writes to the helper in the patient\'s language', async () => {
    const Q = await patientWithProfile('Jeanne');
    expect((await serviceClient().from('webshop_customers').update({ language: 'fr' }).eq('id', Q.userId)).error).toBeNull();
    const email = randomEmail();
    const { data } = await invite(Q, { rights: ['see'], email });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toContain('vous invite');
    expect(mail?.text).toContain(`Votre code : ${(data as { code: string }).code}`);
  });

  it.each([
    [{ rights: ['see'] }, 400, 'invalid_request'],
    [{ rights: 'see', email: 'a@example.test' }, 400, 'invalid_request'],
    [{ rights: ['see'], email: 'a@example.test', to: 'b@example.test' }, 400, 'invalid_request'],
    [{ rights: ['admin'], email: 'a@example.test' }, 400, 'invalid_rights'],
    [{ rights: ['see'], email: 'not an address' }, 400, 'invalid_email'],
  ])('bad body %j: %i %s, nothing stored or mailed', async (body, status, code) => {
    const before = (await grantsOf(P.userId)).length;
    const { error } = await invite(P, body);
    expect(await functionError(error)).toMatchObject({ status, body: { error: code } });
    expect((await grantsOf(P.userId)).length).toBe(before);
    expect(await mailsTo('a@example.test')).toHaveLength(0);
  });

  it('refuses a caller without a session, and a patient whose profile is not complete', async () => {
    const anon = await anonClient().functions.invoke('caregiverInvite', { body: { rights: ['see'], email: randomEmail() } });
    expect(await functionError(anon.error)).toMatchObject({ status: 401, body: { error: 'not_authenticated' } });
    const fresh = await signUpPatient();
    const { error } = await fresh.client.functions.invoke('caregiverInvite', { body: { rights: ['see'], email: randomEmail() } });
    expect(await functionError(error)).toMatchObject({ status: 409, body: { error: 'setup_incomplete' } });
  });

  it(`at most ${INVITE_MAIL_LIMIT} invitation mails an hour, withdrawn ones counted: then 429 and nothing stored or mailed`, async () => {
    const R = await patientWithProfile('Rita');
    for (let i = 0; i < INVITE_MAIL_LIMIT; i++) {
      const { data, error } = await invite(R, { rights: ['see'], email: randomEmail() });
      expect(error).toBeNull();
      expect(await revoke(R.client, (data as { id: string }).id)).toMatchObject({ status: 204 });
    }
    const email = randomEmail();
    const { error } = await invite(R, { rights: ['see'], email });
    expect(await functionError(error)).toMatchObject({ status: 429, body: { error: 'over_email_send_rate_limit' } });
    expect(await mailsTo(email)).toHaveLength(0);
    expect((await grantsOf(R.userId)).length).toBe(INVITE_MAIL_LIMIT);
  });
});
