// Seed invariants (supabase/seed.sql): a catalogue large enough for search and the generics
// calculator (spec §3 Medication, §7 Data service, §9), insurers for the picker (spec §3 Insurance),
// and a demo patient whose data shows every state of spec §4, read as that patient (spec §6, §7).
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../setup/clients.ts';
import { allRows, TEST_ARTICLES_FROM, type SupabaseClient } from './fixtures.ts';

const DEMO = { email: 'demo@rezeptpost.ch', password: 'Demo-Rezept-2026' };
const ORDER_TREE = '*, webshop_order_item(*), children:webshop_order(*, webshop_order_item(*))';
const CUSTOMER_TREE =
  '*, webshop_customer_address(*), webshop_customer_insurance(*), webshop_customer_questionnaire(*), webshop_customer_order_defaults(*), webshop_customer_additional_info(*), webshop_customer_medication(*)';

/** Every row of a table, page by page (PostgREST caps a page at max_rows). */
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
type Row = { id: number; [column: string]: unknown };
/** spec §4: the latest record (highest id) counts */
const latest = (rows: Row[]): Row => [...rows].sort((a, b) => b.id - a.id)[0]!;

// spec §3 Medication and Insurance, §7 Data service (search, compendium, insurer list)
describe('catalogue', () => {
  type Article = { pharmacode: number; atc: string | null; gencd: string | null; nincd: number | null; pharmindex_prices: { price: number } | null };
  let articles: Article[];
  beforeAll(async () => {
    // without the articles another suite adds for a while (medication-search.test.ts)
    articles = (await allRows<Article>('pharmindex', 'pharmacode, atc, gencd, nincd, pharmindex_prices(price)')).filter((a) => a.pharmacode < TEST_ARTICLES_FROM);
  });

  it('has at least 300 articles, each with a price', () => {
    expect(articles.length).toBeGreaterThanOrEqual(300);
    expect(articles.filter((a) => a.pharmindex_prices === null || !(Number(a.pharmindex_prices.price) > 0))).toEqual([]);
  });

  it('has at least 30 substances with an original and generics', () => {
    const bySubstance = new Map<string, Set<string>>();
    for (const a of articles) if (a.atc && a.gencd) bySubstance.set(a.atc, (bySubstance.get(a.atc) ?? new Set()).add(a.gencd));
    expect([...bySubstance.values()].filter((kinds) => kinds.has('O') && kinds.has('G')).length).toBeGreaterThanOrEqual(30);
  });

  it('has articles out of trade (nincd 99) and in trade (10)', () => {
    expect(articles.some((a) => a.nincd === 99)).toBe(true);
    expect(articles.filter((a) => a.nincd === 10).length).toBeGreaterThan(articles.length / 2);
  });

  it('has at least 20 patient information texts (PI) in German and French, readable by a visitor', async () => {
    const { data, error } = await anonClient()
      .from('pharmindex_compendium_product')
      .select('prdno, cdtexttype, pharmindex_compendium(content_de, content_fr)')
      .eq('cdtexttype', 'PI');
    expect(error).toBeNull();
    const texts = (data as unknown as { pharmindex_compendium: { content_de: string | null; content_fr: string | null } }[]).filter(
      (r) => (r.pharmindex_compendium?.content_de ?? '').length > 50 && (r.pharmindex_compendium?.content_fr ?? '').length > 50,
    );
    expect(texts.length).toBeGreaterThanOrEqual(20);
  });

  it('has at least 15 distinct insurers (descr1)', async () => {
    const { data, error } = await anonClient().from('pharmindex_insurance').select('descr1');
    expect(error).toBeNull();
    expect(new Set(data!.map((r) => r.descr1)).size).toBeGreaterThanOrEqual(15);
  });
});

// spec §4 states, shown by the demo patient as themselves (§6, §7 Data service)
describe('the demo patient', () => {
  let demo: SupabaseClient;
  let uid: string;

  beforeAll(async () => {
    demo = anonClient();
    const { data, error } = await demo.auth.signInWithPassword(DEMO);
    expect(error).toBeNull();
    uid = data.user!.id;
  });

  // spec §4 Profile setup: complete when insurance, questionnaire, profile, address and send method exist
  it('has a complete setup, read as the patient with the nested related tables', async () => {
    const { data: c, error } = await demo.from('webshop_customers').select(CUSTOMER_TREE).eq('id', uid).maybeSingle();
    expect(error).toBeNull();
    expect(c).toMatchObject({ id: uid, first_name: expect.any(String), last_name: expect.any(String), birthday: expect.any(String) });
    expect([1, 2, 3]).toContain(c!.gender);
    expect(['de', 'fr']).toContain(c!.language);
    const address = latest(c!.webshop_customer_address);
    expect(address).toMatchObject({ street: expect.any(String), street_nr: expect.any(String), city: expect.any(String) });
    expect(address.zip).toMatch(/^\d{4}$/);
    expect(address.phone).toMatch(/^0\d{9}$/);
    const insurance = latest(c!.webshop_customer_insurance);
    expect(insurance.insurance_name).toEqual(expect.any(String));
    expect(insurance.insurance_nr).toMatch(/^8075\d{16}$/);
    expect(latest(c!.webshop_customer_questionnaire)).toMatchObject({ weight: expect.anything(), size: expect.anything() });
    expect(c!.webshop_customer_order_defaults.length).toBeGreaterThan(0);
    expect(['post', 'email', 'espace']).toContain(latest(c!.webshop_customer_additional_info).prescription_send_method);
  });

  // spec §4 Prescriptions: active, expiring (within 14 days), expired (date passed or single-use used)
  it('has prescriptions active, expiring within 14 days, expired, and single-use used', async () => {
    const { data, error } = await demo.from('webshop_customer_medication').select('*').eq('customer_id', uid);
    expect(error).toBeNull();
    const rx = data!;
    for (const r of rx) expect(r.dosage).toHaveLength(4);
    const active = rx.filter((r) => r.expires_at >= today() && !(r.single_use && r.used));
    expect(active.length).toBeGreaterThanOrEqual(2);
    expect(active.filter((r) => r.expires_at <= inDays(14)).length).toBeGreaterThanOrEqual(1);
    expect(active.filter((r) => r.expires_at > inDays(14)).length).toBeGreaterThanOrEqual(1);
    expect(rx.filter((r) => r.expires_at < today()).length).toBeGreaterThanOrEqual(1);
    expect(rx.filter((r) => r.single_use && r.used).length).toBeGreaterThanOrEqual(1);
    // every prescription names a catalogue article
    const { data: known } = await demo.from('pharmindex').select('pharmacode').in('pharmacode', rx.map((r) => r.medication_id));
    expect(new Set(known!.map((k) => k.pharmacode))).toEqual(new Set(rx.map((r) => r.medication_id)));
  });

  // spec §4 Order status codes; §3 Order (children, delivery_method 1 + delivery_nr); §7 order select
  it('has orders in every status of spec §4, one with children, and postal tracking', async () => {
    const { data, error } = await demo.from('webshop_order').select(ORDER_TREE).eq('customer_id', uid).is('parent', null).order('id', { ascending: false });
    expect(error).toBeNull();
    const orders = data!;
    expect(orders.map((o) => o.id)).toEqual([...orders.map((o) => o.id)].sort((a, b) => b - a));
    for (const o of orders) expect(o.parent).toBeNull();

    const everyOrder = orders.flatMap((o) => [o, ...o.children]);
    expect(new Set(everyOrder.map((o) => o.status))).toEqual(new Set([0, 1, 2, 3, 4, 10, 90, 98, 100, 99]));

    const withChildren = orders.filter((o) => o.children.length > 0);
    expect(withChildren.length).toBeGreaterThanOrEqual(1);
    for (const parent of withChildren) {
      for (const child of parent.children) expect(child.parent).toBe(parent.id);
      // spec §4: the shared status, else 90 when all are at least 90, else 10
      const statuses = parent.children.map((c: { status: number }) => c.status);
      const derived = statuses.every((s: number) => s === statuses[0]) ? statuses[0] : statuses.every((s: number) => s >= 90) ? 90 : 10;
      expect(parent.status).toBe(derived);
      const items = [...parent.webshop_order_item, ...parent.children.flatMap((c: { webshop_order_item: unknown[] }) => c.webshop_order_item)];
      expect(items.length).toBeGreaterThan(0);
    }
    expect(everyOrder.some((o) => o.delivery_method === 1 && typeof o.delivery_nr === 'string' && o.delivery_nr.length > 0)).toBe(true);
    for (const o of orders) expect(o.webshop_order_item.length + o.children.length).toBeGreaterThan(0);
  });

  it('the second demo patient signs in and has no profile yet (onboarding)', async () => {
    const c = anonClient();
    const { data, error } = await c.auth.signInWithPassword({ ...DEMO, email: 'demo2@rezeptpost.ch' });
    expect(error).toBeNull();
    const customer = await c.from('webshop_customers').select('*').eq('id', data.user!.id).maybeSingle();
    expect(customer.error).toBeNull();
    expect(customer.data?.first_name ?? null).toBeNull();
  });
});
