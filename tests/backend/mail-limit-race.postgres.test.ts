// issue 37 item 4 as it was found, on PostgreSQL 15 (the calls' transactions side by side): a
// patient sends 14 desk mails at once while calling complete_function_call on every reservation id
// near the calls' own — to give back (delete) the reservations the function holds while it mails,
// so that more calls fit under the limit. The hour's limit holds: at most 10 mails.
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { MAIL_LIMIT } from '../../supabase/functions/_shared/prescription-location-mail.ts';
import { mailsTo } from '../setup/clients.ts';
import { patientWithProfile } from './fixtures.ts';

const CALLS = 14;

describe('releasing the function’s reservations while it mails (PostgreSQL 15)', () => {
  it(`${CALLS} mails at once beside a stream of releases: at most ${MAIL_LIMIT} mails, the others 429`, async () => {
    expect(inject('dbKind')).toBe('postgres');
    const Q = await patientWithProfile('Yara');
    // an id from the calls' sequence that counts toward no limit of the mail (another function name)
    const probe = await Q.client.rpc('reserve_function_call', { p_fn: 'probe', p_key: null, p_max: 1000, p_window_seconds: 1 } as never);
    const from = (probe.data as { id: number }).id;
    let done = false;
    const releasing = (async () => {
      let attempts = 0;
      while (!done) {
        await Promise.all(
          Array.from({ length: CALLS + 4 }, (_, i) =>
            Promise.all([
              Q.client.rpc('complete_function_call', { p_id: from + 1 + i, p_sent: false } as never).then((r) => r),
              Q.client.rpc('complete_function_call', { p_id: from + 1 + i, p_secret: randomUUID(), p_sent: false }).then((r) => r),
            ]),
          ),
        );
        attempts += 1;
      }
      return attempts;
    })();
    const calls = await Promise.all(
      Array.from({ length: CALLS }, () =>
        Q.client.functions.invoke('prescriptionLocationMail', { body: { prescription_send_method: 'post' }, headers: { 'Idempotency-Key': randomUUID() } }),
      ),
    ).finally(() => (done = true));
    expect(await releasing).toBeGreaterThan(0);
    const mails = (await mailsTo('rezepte@rezeptpost.ch')).filter((m) => m.text.includes(`Kunden-ID ${Q.userId}`));
    expect(mails.length).toBeLessThanOrEqual(MAIL_LIMIT);
    expect(calls.filter((c) => c.error === null).length).toBe(mails.length);
  });
});
