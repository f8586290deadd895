import { describe, expect, it } from 'vitest';
import { ESPACE_PARTNERS } from '../../../src/domain/constants.ts';
import { PARTNER_LOCATIONS } from './partners.ts';
import { handlePrescriptionLocationMail } from './prescription-location-mail.ts';
import { post, testEnv, USER_ID, USER_TOKEN, type RecordedRequest } from './test-env.ts';

const auth = { authorization: `Bearer ${USER_TOKEN}` };
const customer = { id: USER_ID, first_name: 'Anna', last_name: 'Muster', birthday: '1950-03-01' };

function postgrest(info: Record<string, unknown> | null, person: Record<string, unknown> | null = customer) {
  return (req: RecordedRequest) => {
    if (req.url.pathname === '/rest/v1/webshop_customers') return { status: 200, body: person ? [person] : [] };
    if (req.url.pathname === '/rest/v1/webshop_customer_additional_info') return { status: 200, body: info ? [info] : [] };
    if (req.url.pathname === '/rest/v1/rpc/function_call_status') return { status: 200, body: 'new' };
    if (req.url.pathname === '/rest/v1/rpc/record_function_call') return { status: 204, body: null };
    return { status: 404, body: { code: 'PGRST205', message: 'not stubbed' } };
  };
}

describe('prescriptionLocationMail', () => {
  it('knows the same partners as the app (7 practices, 3 pharmacies)', () => {
    expect(PARTNER_LOCATIONS.map((p) => [p.id, p.type])).toEqual(ESPACE_PARTNERS.map((p) => [p.id, p.type]));
    expect(PARTNER_LOCATIONS.filter((p) => p.type === 'practice')).toHaveLength(7);
    expect(new Set(PARTNER_LOCATIONS.map((p) => p.email)).size).toBe(10);
  });

  it('mails the chosen partner, reading the caller’s data with the caller’s token', async () => {
    const { env, mails, requests } = testEnv(postgrest({ prescription_send_method: 'espace', prescription_location: 'cm-leman', send_all: false, description: 'Blutdruck' }));
    const res = await handlePrescriptionLocationMail(post('prescriptionLocationMail', { prescription_location: 'apo-zytglogge' }, auth), env);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: true });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'partner-apo-zytglogge@rezeptpost.ch', subject: expect.stringContaining('Anna Muster') });
    expect(mails[0]?.text).toContain('Blutdruck');
    expect(requests.every((r) => r.headers.get('authorization') === `Bearer ${USER_TOKEN}`)).toBe(true);
    expect(requests.find((r) => r.url.pathname === '/rest/v1/webshop_customers')?.url.searchParams.get('id')).toBe(`eq.${USER_ID}`);
  });

  it('with the send method espace alone uses the stored location, in the partner’s language', async () => {
    const { env, mails } = testEnv(postgrest({ prescription_send_method: 'espace', prescription_location: 'cm-leman', send_all: true }));
    const res = await handlePrescriptionLocationMail(post('prescriptionLocationMail', { prescription_send_method: 'espace' }, auth), env);
    expect(res.status).toBe(200);
    expect(mails[0]).toMatchObject({ to: 'partner-cm-leman@rezeptpost.ch', subject: expect.stringContaining('Ordonnance') });
  });

  it('announces post and e-mail prescriptions to the pharmacy’s desk', async () => {
    const { env, mails } = testEnv(postgrest({ prescription_send_method: 'post', doc_name: 'Dr. Weber', cpg_name: 'Praxis Weber' }));
    const res = await handlePrescriptionLocationMail(post('prescriptionLocationMail', { prescription_send_method: 'post' }, auth), env);
    expect(res.status).toBe(200);
    expect(mails[0]).toMatchObject({ to: 'rezepte@rezeptpost.ch' });
    expect(mails[0]?.text).toContain('Dr. Weber');
  });

  it('refuses unknown locations and malformed bodies without mailing', async () => {
    const { env, mails } = testEnv(postgrest(null));
    const cases: [unknown, number, string][] = [
      [{ prescription_location: 'nowhere' }, 400, 'unknown_location'],
      [{}, 400, 'invalid_request'],
      [{ prescription_location: 5 }, 400, 'invalid_request'],
      [{ prescription_send_method: 'fax' }, 400, 'invalid_request'],
      [{ prescription_send_method: 'espace' }, 400, 'location_missing'],
      ['nope', 400, 'invalid_json'],
    ];
    for (const [input, status, code] of cases) {
      const res = await handlePrescriptionLocationMail(post('prescriptionLocationMail', input, auth), env);
      expect(res.status, JSON.stringify(input)).toBe(status);
      expect(((await res.json()) as { error: string }).error).toBe(code);
    }
    expect(mails).toEqual([]);
  });

  it('needs a signed-in caller with a profile', async () => {
    const { env } = testEnv(postgrest(null, null));
    const anonymous = await handlePrescriptionLocationMail(post('prescriptionLocationMail', { prescription_location: 'cm-leman' }), env);
    expect(anonymous.status).toBe(401);
    const noProfile = await handlePrescriptionLocationMail(post('prescriptionLocationMail', { prescription_location: 'cm-leman' }, auth), env);
    expect(noProfile.status).toBe(409);
    expect(await noProfile.json()).toMatchObject({ error: 'profile_missing' });
  });

  it('answers 502 when the mail cannot be sent', async () => {
    const { env } = testEnv(postgrest({ prescription_send_method: 'espace', prescription_location: 'cm-leman' }));
    env.sendMail = async () => {
      throw new Error('smtp down');
    };
    const res = await handlePrescriptionLocationMail(post('prescriptionLocationMail', { prescription_location: 'cm-leman' }, auth), env);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: 'mail_failed' });
  });
});
