// Generic alternatives (spec §7 Server functions webshopGenericMeds, §3 Generic alternative,
// §8 generics calculator errors, §9 unit price and sort order), called by a visitor with the anon key.
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../setup/clients.ts';
import { functionError, must } from './fixtures.ts';

interface Article {
  pharmacode: number;
  dscrd: string;
  gencd: string | null;
  nincd: number | null;
  qty: number | null;
  qtyu: string | null;
  sloplus: number | null;
  atc: string | null;
  pharmindex_prices: { price: number } | null;
  pharmindex_product: { dose: string | null; doseu: string | null } | null;
}

interface Alternative {
  price: number;
  quantity: number;
  quantity_unit: string;
  dscrd: string;
}

const ARTICLE = 'pharmacode, dscrd, gencd, nincd, qty, qtyu, sloplus, atc, pharmindex_prices(price), pharmindex_product(dose, doseu)';
let catalogue: Article[];

const unitPrice = (price: number, quantity: number) => Math.ceil((price / quantity) * 100) / 100;

async function generics(body: unknown) {
  return anonClient().functions.invoke('webshopGenericMeds', { body: body as never });
}

beforeAll(async () => {
  catalogue = must(await serviceClient().from('pharmindex').select(ARTICLE).order('pharmacode').limit(5000), 'catalogue') as unknown as Article[];
});

const originals = () => catalogue.filter((a) => a.gencd === 'O' && a.sloplus === 1 && a.nincd !== 99);
/** The generics the catalogue offers for an original: same substance, dose and pack, in trade, cheaper. */
function expectedFor(o: Article): Article[] {
  return catalogue.filter(
    (g) =>
      g.gencd === 'G' &&
      g.nincd !== 99 &&
      g.atc === o.atc &&
      g.pharmindex_product?.dose === o.pharmindex_product?.dose &&
      g.pharmindex_product?.doseu === o.pharmindex_product?.doseu &&
      Number(g.qty) === Number(o.qty) &&
      g.qtyu === o.qtyu &&
      Number(g.pharmindex_prices?.price) < Number(o.pharmindex_prices?.price),
  );
}

// spec §7: the answer is a list of generic alternatives (§3: price, quantity, quantity_unit, dscrd)
describe('an original with generics (gencd O, sloplus 1)', () => {
  it('the seed has such originals', () => {
    expect(originals().length).toBeGreaterThanOrEqual(10);
  });

  it.each([0, 1, 2, 3, 4])('original #%i: the cheaper generics of the same substance, dose and pack, sorted by unit price', async (n) => {
    const candidates = originals().filter((o) => expectedFor(o).length > 0);
    const original = candidates[Math.floor((n * candidates.length) / 5)]!;
    const { data, error } = await generics({ pharmacode: original.pharmacode });
    expect(error).toBeNull();
    const list = data as Alternative[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThan(0);

    const byName = new Map(catalogue.map((a) => [a.dscrd, a]));
    for (const alt of list) {
      expect(alt).toEqual(expect.objectContaining({ price: expect.any(Number), quantity: expect.any(Number), quantity_unit: expect.any(String), dscrd: expect.any(String) }));
      const article = byName.get(alt.dscrd);
      expect(article, alt.dscrd).toBeDefined();
      expect(article!.gencd).toBe('G');
      expect(article!.nincd).not.toBe(99);
      expect(article!.atc).toBe(original.atc);
      expect(article!.pharmindex_product).toEqual(original.pharmindex_product);
      expect(alt.quantity).toBe(Number(original.qty));
      expect(alt.quantity_unit).toBe(original.qtyu);
      expect(alt.price).toBe(Number(article!.pharmindex_prices!.price));
      expect(alt.price).toBeLessThan(Number(original.pharmindex_prices!.price));
    }
    // nothing missing, nothing twice
    expect(list.map((a) => a.dscrd).sort()).toEqual(expectedFor(original).map((a) => a.dscrd).sort());
    // spec §9: sorted by unit price ascending
    const units = list.map((a) => unitPrice(a.price, a.quantity));
    expect(units).toEqual([...units].sort((x, y) => x - y));
  });

  it('out-of-trade generics (nincd 99) of the same pack are never offered', async () => {
    const outOfTrade = catalogue.filter((a) => a.gencd === 'G' && a.nincd === 99);
    expect(outOfTrade.length).toBeGreaterThan(0);
    const g = outOfTrade[0]!;
    const original = originals().find((o) => o.atc === g.atc && Number(o.qty) === Number(g.qty) && o.pharmindex_product?.dose === g.pharmindex_product?.dose)!;
    expect(original).toBeDefined();
    const { data } = await generics({ pharmacode: original.pharmacode });
    expect((data as Alternative[]).map((a) => a.dscrd)).not.toContain(g.dscrd);
  });

  it('accepts the pharmacode as digits in a string', async () => {
    const original = originals().find((o) => expectedFor(o).length > 0)!;
    const asNumber = await generics({ pharmacode: original.pharmacode });
    const asText = await generics({ pharmacode: String(original.pharmacode) });
    expect(asText.error).toBeNull();
    expect(asText.data).toEqual(asNumber.data);
  });
});

// spec §7/§8: errors meaning 'is a generic', 'sloplus2', medication not found — expected outcomes
// of a look-up, answered 200 with the code (no failed request in the browser's console); then
// malformed requests
describe('errors', () => {
  it('a generic (gencd G): 200 {error: is_generic}', async () => {
    const generic = catalogue.find((a) => a.gencd === 'G' && a.nincd === 10)!;
    const { data, error } = await generics({ pharmacode: generic.pharmacode });
    expect(error).toBeNull();
    expect(data).toMatchObject({ error: 'is_generic' });
  });

  it('an original without approved generics (sloplus 2): 200 {error: sloplus2}', async () => {
    const original = catalogue.find((a) => a.gencd === 'O' && a.sloplus === 2)!;
    expect(original).toBeDefined();
    const { data, error } = await generics({ pharmacode: original.pharmacode });
    expect(error).toBeNull();
    expect(data).toMatchObject({ error: 'sloplus2' });
  });

  it('an unknown pharmacode: 200 {error: not_found}', async () => {
    const { data, error } = await generics({ pharmacode: 1 });
    expect(error).toBeNull();
    expect(data).toMatchObject({ error: 'not_found' });
  });

  // spec §8: an empty list means no generic can be delivered
  it('an article without any generic (over the counter, gencd empty): an empty list', async () => {
    const otc = catalogue.find((a) => a.gencd === null && a.nincd === 20)!;
    expect(otc).toBeDefined();
    const { data, error } = await generics({ pharmacode: otc.pharmacode });
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  // a missing or non-numeric pharmacode is a 400 with a code, never a 5xx
  it.each([
    ['no pharmacode', {}, 'pharmacode_missing'],
    ['an empty pharmacode', { pharmacode: '' }, 'pharmacode_missing'],
    ['a pharmacode that is not a number', { pharmacode: 'ATORVA' }, 'invalid_pharmacode'],
    ['a negative pharmacode', { pharmacode: -5 }, 'invalid_pharmacode'],
    ['a fractional pharmacode', { pharmacode: 1.5 }, 'invalid_pharmacode'],
    ['a pharmacode beyond a bigint', { pharmacode: '99999999999999999999' }, 'invalid_pharmacode'],
    ['a pharmacode as an object', { pharmacode: { eq: 1 } }, 'invalid_pharmacode'],
    ['an array body', [123], 'invalid_request'],
  ])('%s: 400 %s', async (_name, body, code) => {
    const { data, error } = await generics(body);
    expect(data).toBeNull();
    expect(await functionError(error)).toMatchObject({ status: 400, body: { error: code } });
  });

  it('a body that is not JSON: 400 invalid_json', async () => {
    const { data, error } = await generics('pharmacode=123');
    expect(data).toBeNull();
    const res = await functionError(error);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.stringMatching(/^invalid_/));
  });
});
