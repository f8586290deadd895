// The patient's language in the customer row (spec §3 webshop_customers.language, §1 "Changing
// the language also updates the user's stored language"): written through the
// outbox with the base data and with each change of the switch, against the real local stack;
// the personal-data lock lets the language change alone and nothing else; existing rows take the
// account's language in the migration.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { saveLanguage } from '../../src/data/auth/account.ts';
import { LOADING_STATE, type AuthState } from '../../src/data/auth/auth-state.ts';
import { openLocalDb, type LocalDb } from '../../src/data/local/local-db.ts';
import { saveBaseData, saveCustomerLanguage, type OutboxContext } from '../../src/data/outbox/commands.ts';
import { createReplayer, type Timers } from '../../src/data/outbox/replay.ts';
import { storeLanguageChoice } from '../../src/data/session/language-choice.ts';
import { createStore } from '../../src/lib/store.ts';
import { serviceClient, signUpPatient, type SignedUpPatient } from '../setup/clients.ts';
import { migrateBefore, runFile, scratchDatabase, type Scratch } from './form-rules-db.ts';
import { patientWithProfile, type SupabaseClient } from './fixtures.ts';

const MIGRATION = '20261125000600_customer_language.sql';
const stillTimers: Timers = { setTimeout: () => 0, clearTimeout: () => {} };
const dbs: LocalDb[] = [];

function outboxOf(client: SupabaseClient) {
  const db = openLocalDb(`language-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  dbs.push(db);
  const ctx: OutboxContext = { db, newId: randomUUID, now: Date.now, appended: () => {} };
  const replay = () => createReplayer({ db, client, now: Date.now, random: () => 1, timers: stillTimers }).replay();
  return { ctx, replay };
}

/** The switch's store over the patient's own client and outbox (the app's wiring: language-choice.ts). */
function choiceOf(p: SignedUpPatient, ctx: OutboxContext, ownerOf?: (userId: string) => string) {
  const auth = createStore<AuthState>({ ...LOADING_STATE, status: 'signedIn', user: { id: p.userId, email: p.email, language: 'de', newEmail: null } });
  return (lang: 'de' | 'fr') =>
    storeLanguageChoice(lang, { auth, saveMetadata: (l) => saveLanguage(l, p.client), queueRow: (id, l) => saveCustomerLanguage(ctx, id, l), ...(ownerOf && { ownerOf }) });
}

const customerRow = async (id: string) => (await serviceClient().from('webshop_customers').select('*').eq('id', id).maybeSingle()).data;
const metadataLanguage = async (p: SignedUpPatient) => (await p.client.auth.getUser()).data.user?.user_metadata.language as unknown;

afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

describe('the switch while signed in', () => {
  it('stores the language in the metadata and, through the outbox, in the locked customer row (its personal data unchanged)', async () => {
    const p = await patientWithProfile('Lou');
    const { ctx, replay } = outboxOf(p.client);
    const before = await customerRow(p.userId);
    expect(await choiceOf(p, ctx)('fr')).toBe(true);
    expect(await replay()).toEqual({ sent: 1, rejected: 0, failed: 0, paused: null });
    expect(await customerRow(p.userId)).toEqual({ ...before, language: 'fr' });
    expect(await metadataLanguage(p)).toBe('fr');
  });

  // issue 41: a helper's page acting for a person holds the person's mirror: the helper's own row is
  // not queued there (it would wait for ever, the replay sends the person's entries); the metadata carries it
  it("acting for a person: the helper's metadata takes the language, nothing is queued in the person's mirror", async () => {
    const p = await patientWithProfile('Anna');
    const { ctx, replay } = outboxOf(p.client);
    const before = await customerRow(p.userId);
    expect(await choiceOf(p, ctx, () => randomUUID())('fr')).toBe(true);
    expect(await ctx.db.outbox.count()).toBe(0);
    expect(await replay()).toEqual({ sent: 0, rejected: 0, failed: 0, paused: null });
    expect(await customerRow(p.userId)).toEqual(before);
    expect(await metadataLanguage(p)).toBe('fr');
  });

  it('of a patient without a customer row yet: the row is made with the language; the base data complete it', async () => {
    const p = await signUpPatient();
    const { ctx, replay } = outboxOf(p.client);
    expect(await choiceOf(p, ctx)('fr')).toBe(true);
    expect(await replay()).toMatchObject({ sent: 1, rejected: 0 });
    expect(await customerRow(p.userId)).toMatchObject({ id: p.userId, first_name: null, language: 'fr' });
    expect((await saveBaseData(ctx, p.userId, { first_name: 'Lou', last_name: 'Neu', gender: 3, birthday: '1990-03-04' }, 'fr')).ok).toBe(true);
    expect(await replay()).toMatchObject({ sent: 1, rejected: 0 });
    expect(await customerRow(p.userId)).toMatchObject({ first_name: 'Lou', gender: 3, language: 'fr' });
  });
});

describe('the customer row is made with the language', () => {
  it('the base data of a new patient carry the language shown', async () => {
    const p = await signUpPatient();
    const { ctx, replay } = outboxOf(p.client);
    expect((await saveBaseData(ctx, p.userId, { first_name: 'Noé', last_name: 'Favre', gender: 1, birthday: '1985-06-07' }, 'fr')).ok).toBe(true);
    expect(await replay()).toMatchObject({ sent: 1, rejected: 0 });
    expect(await customerRow(p.userId)).toMatchObject({ first_name: 'Noé', language: 'fr' });
  });
});

// spec §3 "Personal data can be changed only through support once a profile exists": the lock
// (webshop_customers_lock_personal_data) judges the personal fields only
describe('the personal-data lock and the language', () => {
  it('an upsert of the language alone passes on a locked profile; with a changed personal field it is refused whole', async () => {
    const p = await patientWithProfile('Ida');
    const alone = await p.client.from('webshop_customers').upsert({ id: p.userId, language: 'fr' }, { onConflict: 'id' }).select().single();
    expect(alone.error).toBeNull();
    expect(alone.data).toMatchObject({ language: 'fr', first_name: 'Ida', last_name: 'Muster' });
    const withName = await p.client.from('webshop_customers').upsert({ id: p.userId, language: 'de', first_name: 'Other' }, { onConflict: 'id' }).select();
    expect([withName.status, withName.error?.message]).toEqual([403, 'personal_data_locked']);
    expect(await customerRow(p.userId)).toMatchObject({ language: 'fr', first_name: 'Ida' });
  });
});

describe('the migration on rows from before it', () => {
  let scratch: Scratch;
  beforeAll(async () => {
    scratch = await scratchDatabase(inject('databaseUrl'));
    await migrateBefore(scratch.db, MIGRATION);
  }, 120_000);
  afterAll(async () => {
    await scratch?.close();
  });

  it("a row without a language takes the account's (de or fr); a row's own language and other metadata values stay", async () => {
    // 'legacy': a profile from before the form rules, without a birthday (what those rules keep as it is)
    const users = { fr: randomUUID(), de: randomUUID(), own: randomUUID(), it: randomUUID(), none: randomUUID(), legacy: randomUUID() };
    const meta: Record<keyof typeof users, string> = {
      fr: '{"language":"fr"}',
      de: '{"language":"de"}',
      own: '{"language":"fr"}',
      it: '{"language":"it"}',
      none: '{}',
      legacy: '{"language":"fr"}',
    };
    await scratch.db.transaction(async (tx) => {
      await tx.exec(`set local session_replication_role = replica`);
      for (const [key, id] of Object.entries(users) as [keyof typeof users, string][]) {
        await tx.query(`insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, $3::jsonb)`, [id, `${key}-${id.slice(0, 8)}@example.test`, meta[key]]);
        const birthday = key === 'legacy' ? null : '1960-01-02';
        await tx.query(`insert into public.webshop_customers (id, first_name, last_name, gender, birthday, language) values ($1, 'Alt', 'Kunde', 2, $2, $3)`, [id, birthday, key === 'own' ? 'de' : null]);
      }
    });
    await runFile(scratch.db, join('migrations', MIGRATION));
    const { rows } = await scratch.db.query<{ id: string; language: string | null }>(`select id, language from public.webshop_customers`);
    const languageOf = (id: string) => rows.find((r) => r.id === id)?.language;
    expect(Object.fromEntries(Object.entries(users).map(([key, id]) => [key, languageOf(id)]))).toEqual({ fr: 'fr', de: 'de', own: 'de', it: null, none: null, legacy: 'fr' });
  });
});
