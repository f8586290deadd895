import { describe, expect, it } from 'vitest';
import { ESPACE_PARTNERS } from '../../../src/domain/constants.ts';
import { PARTNER_LOCATIONS } from './partners.ts';
import { eprescriptionKey, handlePrescriptionLocationMail, MAIL_TEXT_MAX, oneLine } from './prescription-location-mail.ts';
import { post, testEnv, USER_ID, USER_TOKEN, type RecordedRequest } from './test-env.ts';

/** What reserve_function_call_for hands the function with its reservation. */
const SECRET = 'the-reservation-secret';

const auth = { authorization: `Bearer ${USER_TOKEN}` };
const customer = { id: USER_ID, first_name: 'Anna', last_name: 'Muster', birthday: '1950-03-01' };

function postgrest(info: Record<string, unknown> | null, person: Record<string, unknown> | null = customer, missing: string[] = [], rx: Record<string, unknown> | null = null) {
  return (req: RecordedRequest) => {
    if (req.url.pathname === '/rest/v1/webshop_customer_eprescription') return { status: 200, body: rx ? [rx] : [] };
    if (req.url.pathname === '/rest/v1/webshop_customers') return { status: 200, body: person ? [person] : [] };
    if (req.url.pathname === '/rest/v1/webshop_customer_additional_info') return { status: 200, body: info ? [info] : [] };
    if (req.url.pathname === '/rest/v1/rpc/setup_missing_for') return { status: 200, body: missing };
    if (req.url.pathname === '/rest/v1/rpc/reserve_function_call_for') return { status: 200, body: { status: 'new', id: 7, secret: SECRET } };
    if (req.url.pathname === '/rest/v1/rpc/complete_function_call') return { status: 204, body: null };
    return { status: 404, body: { code: 'PGRST205', message: 'not stubbed' } };
  };
}

/**
 * The outcome the handler recorded for its reservation, with the secret the reservation came with
 * (issue 37 item 4): sent (true), released (false), or none.
 */
const completion = (requests: RecordedRequest[]) =>
  requests
    .filter((r) => r.url.pathname === '/rest/v1/rpc/complete_function_call')
    .map((r) => r.body as { p_id: number; p_secret: string; p_sent: boolean })
    .map((b) => (b.p_id === 7 && b.p_secret === SECRET ? b.p_sent : 'not the reservation'));

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

  it('answers 502 when the mail cannot be sent, and releases its reservation (the same key may try again)', async () => {
    const { env, requests } = testEnv(postgrest({ prescription_send_method: 'espace', prescription_location: 'cm-leman' }));
    env.sendMail = async () => {
      throw new Error('smtp down');
    };
    const res = await handlePrescriptionLocationMail(post('prescriptionLocationMail', { prescription_location: 'cm-leman' }, auth), env);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: 'mail_failed' });
    expect(completion(requests)).toEqual([false]);
  });

  it('marks its reservation sent once the mail went out', async () => {
    const { env, requests } = testEnv(postgrest({ prescription_send_method: 'post', doc_name: 'Dr. Weber', cpg_name: 'Praxis Weber' }));
    await handlePrescriptionLocationMail(post('prescriptionLocationMail', { prescription_send_method: 'post' }, auth), env);
    expect(completion(requests)).toEqual([true]);
  });

  // spec §4 "The profile must be complete before prescriptions can be submitted"
  it('refuses a caller whose setup is incomplete with 409 setup_incomplete naming what is missing', async () => {
    const { env, mails, requests } = testEnv(postgrest({ prescription_send_method: 'post' }, customer, ['address.phone', 'insurance.veka_nr']));
    const res = await handlePrescriptionLocationMail(post('prescriptionLocationMail', { prescription_send_method: 'post' }, auth), env);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'setup_incomplete', missing: ['address.phone', 'insurance.veka_nr'] });
    expect(mails).toEqual([]);
    expect(completion(requests)).toEqual([false]);
  });

  it('puts patient-typed text on one line and bounds it: no CR/LF reaches a subject', async () => {
    const forged = { ...customer, first_name: 'Anna\r\nBcc: everyone@example.test', last_name: 'Muster\u2028X' };
    const { env, mails } = testEnv(postgrest({ prescription_send_method: 'espace', prescription_location: 'cm-leman', send_all: false, description: `Blut\ndruck ${'x'.repeat(5000)}` }, forged));
    const res = await handlePrescriptionLocationMail(post('prescriptionLocationMail', { prescription_location: 'apo-zytglogge' }, auth), env);
    expect(res.status).toBe(200);
    expect(mails[0]?.subject).not.toMatch(/[\r\n\u2028]/u);
    expect(mails[0]?.subject).toContain('Anna Bcc: everyone@example.test Muster X');
    const line = mails[0]!.text.split('\n').find((l) => l.includes('Blut'))!;
    expect(line).toContain('Blut druck');
    expect(line.length).toBeLessThan(MAIL_TEXT_MAX + 40);
  });
});

describe('prescriptionLocationMail: an e-prescription (issue 27)', () => {
  const stored = {
    rx_id: '3f2b8c1e-5a4d-4e6f-9b7a-0c1d2e3f4a5b',
    sent_at: '2026-11-25T09:00:00+00:00',
    summary: { id: '3f2b8c1e-5a4d-4e6f-9b7a-0c1d2e3f4a5b', doctor: { name: 'Anna Beispiel', gln: '7601000000000', organisation: 'Praxis am Beispielweg' }, medicaments: [{ id: '2333266', instructions: 'Vor dem Essen' }], remark: 'Diabetes' },
  };
  const reservedKey = (requests: RecordedRequest[]) => requests.filter((r) => r.url.pathname === '/rest/v1/rpc/reserve_function_call_for').map((r) => (r.body as { p_key: string }).p_key);

  it('tells the desk: patient, Id, doctor and practice — no medicament, no remark', async () => {
    const { env, mails, requests } = testEnv(postgrest({ prescription_send_method: 'eprescription' }, customer, [], stored));
    const res = await handlePrescriptionLocationMail(post('prescriptionLocationMail', { eprescription_id: stored.rx_id }, { ...auth, 'idempotency-key': crypto.randomUUID() }), env);
    expect(res.status).toBe(200);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'rezepte@rezeptpost.ch', subject: 'E-Rezept eingegangen (QR-Code): Anna Muster' });
    expect(mails[0]?.text).toContain(`Rezept-ID: ${stored.rx_id}`);
    expect(mails[0]?.text).toContain('Ärztin/Arzt: Anna Beispiel, Praxis: Praxis am Beispielweg');
    expect(mails[0]?.text).not.toMatch(/2333266|Vor dem Essen|Diabetes|7601000000000/u);
    expect(requests.find((r) => r.url.pathname === '/rest/v1/webshop_customer_eprescription')?.url.searchParams.get('rx_id')).toBe(`eq.${stored.rx_id}`);
    // reserved under the prescription's key, not the call's: once per prescription
    expect(reservedKey(requests)).toEqual([await eprescriptionKey(stored.rx_id)]);
    expect(completion(requests)).toEqual([true]);
  });

  it('derives one key per prescription Id, a UUID', async () => {
    const a = await eprescriptionKey('rx-1');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u);
    expect(await eprescriptionKey('rx-1')).toBe(a);
    expect(await eprescriptionKey('rx-2')).not.toBe(a);
  });

  it('404 eprescription_not_found when the caller has no such stored e-prescription, and releases', async () => {
    const { env, mails, requests } = testEnv(postgrest({ prescription_send_method: 'eprescription' }, customer, [], null));
    const res = await handlePrescriptionLocationMail(post('prescriptionLocationMail', { eprescription_id: 'nope' }, auth), env);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'eprescription_not_found' });
    expect(mails).toEqual([]);
    expect(completion(requests)).toEqual([false]);
  });

  it.each([
    [{ eprescription_id: '' }],
    [{ eprescription_id: 42 }],
    [{ eprescription_id: 'x'.repeat(201) }],
    [{ eprescription_id: 'rx-1', prescription_send_method: 'post' }],
    [{ eprescription_id: 'rx-1', prescription_location: 'cm-leman' }],
  ])('400 invalid_request for %j, nothing mailed', async (body) => {
    const { env, mails } = testEnv(postgrest(null, customer, [], stored));
    const res = await handlePrescriptionLocationMail(post('prescriptionLocationMail', body, auth), env);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
    expect(mails).toEqual([]);
  });
});

describe('oneLine', () => {
  it.each([
    ['a\r\nb', 'a b'],
    ['a\tb\u0000c', 'a b c'],
    ['  spaced   out  ', 'spaced out'],
    [null, ''],
  ] as const)('%j → %j', (input, output) => expect(oneLine(input)).toBe(output));

  it('bounds the text with an ellipsis', () => {
    expect(oneLine('x'.repeat(10), 5)).toBe('xxxx…');
  });
});
