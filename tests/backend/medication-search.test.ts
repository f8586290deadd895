// The medication search of spec §7 (Data service: "Medication search on pharmindex ... excludes
// nincd 99; matches dscrd by prefix with spaces as wildcards; ordered by dscrd; limit 7, or 40 on
// load-more. The generics variant also requires nincd 10, non-empty dose and doseu, qty not 0,
// qtyu not null"), as the RPC search_medications serves it to a visitor with the anon key.
// Every answer is compared with the same rules applied in JavaScript to the whole catalogue.
// Order: case-insensitive by name (upper(dscrd) in byte order), then pharmacode
// (docs/decisions/0029-medication-search-order.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../setup/clients.ts';
import { allRows, must, TEST_ARTICLES_FROM } from './fixtures.ts';

interface Article {
  pharmacode: number;
  dscrd: string;
  nincd: number | null;
  qty: number | null;
  qtyu: string | null;
  pharmindex_product: { dose: string | null; doseu: string | null } | null;
}
const COLUMNS = 'pharmacode, dscrd, nincd, qty, qtyu, pharmindex_product(dose, doseu)';

let catalogue: Article[] = [];

const loadCatalogue = () => allRows<Article>('pharmindex', COLUMNS);

/** upper() of Postgres for the ASCII letters the seed's names use */
const upper = (s: string) => s.replace(/[a-z]/g, (c) => c.toUpperCase());
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** spec §7 in JavaScript: the prefix of the whole name, each space a wildcard, no metacharacters */
function expected(query: string, { limit = 7, offset = 0, generics = false } = {}): number[] {
  const words = upper(query.trim().replace(/\s+/g, ' '));
  if (words === '') return [];
  const parts = words.split(' ');
  const matches = (name: string) => {
    let at = 0;
    for (const [i, part] of parts.entries()) {
      const found = i === 0 ? (name.startsWith(part) ? 0 : -1) : name.indexOf(part, at);
      if (found < 0) return false;
      at = found + part.length;
    }
    return true;
  };
  const blank = (s: string | null | undefined) => (s ?? '').trim() === '';
  return catalogue
    .filter((a) => a.nincd !== 99 && matches(upper(a.dscrd)))
    .filter(
      (a) =>
        !generics ||
        (a.nincd === 10 && a.pharmindex_product !== null && !blank(a.pharmindex_product.dose) && !blank(a.pharmindex_product.doseu) && Number(a.qty) !== 0 && a.qty !== null && a.qtyu !== null),
    )
    .sort((a, b) => byteOrder(upper(a.dscrd), upper(b.dscrd)) || a.pharmacode - b.pharmacode)
    .slice(offset, offset + limit)
    .map((a) => a.pharmacode);
}

async function search(query: string, options: { limit?: number; offset?: number; generics?: boolean } = {}): Promise<number[]> {
  const args: Record<string, unknown> = { p_query: query };
  if (options.limit !== undefined) args.p_limit = options.limit;
  if (options.offset !== undefined) args.p_offset = options.offset;
  if (options.generics !== undefined) args.p_generics = options.generics;
  const rows = must(await anonClient().rpc('search_medications', args).select('pharmacode'), `search "${query}"`) as { pharmacode: number }[];
  return rows.map((r) => r.pharmacode);
}

/** the first word of some article's name, for queries that are sure to match */
const firstWordOf = (pick: (a: Article) => boolean) => catalogue.find(pick)!.dscrd.split(' ')[0]!;

describe('search_medications on the seed catalogue (spec §7 Data service)', () => {
  beforeAll(async () => {
    catalogue = (await loadCatalogue()).filter((a) => a.pharmacode < TEST_ARTICLES_FROM);
  });

  it('finds by a case-insensitive prefix of the name, 7 rows, in name order', async () => {
    for (const query of ['a', 'ator', 'ATORVA', 'Metf', 'para', 'zzzz-nothing']) {
      expect(await search(query), query).toEqual(expected(query));
    }
    expect((await search('a')).length).toBe(7);
  });

  it('treats spaces as wildcards and collapses runs of whitespace', async () => {
    const word = firstWordOf((a) => / \d+ mg /.test(a.dscrd) && a.nincd !== 99);
    const strength = /(\d+) mg/.exec(catalogue.find((a) => a.dscrd.startsWith(`${word} `) && / \d+ mg /.test(a.dscrd))!.dscrd)![1]!;
    const query = `${word.slice(0, 4).toLowerCase()} ${strength}`;
    const found = await search(query, { limit: 40 });
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual(expected(query, { limit: 40 }));
    expect(await search(`  ${query.replace(' ', '   ')}\t`, { limit: 40 })).toEqual(found);
  });

  it('never returns articles out of trade (nincd 99)', async () => {
    const out = catalogue.find((a) => a.nincd === 99)!;
    const word = out.dscrd.split(' ')[0]!;
    const found = await search(word, { limit: 100 });
    expect(found).not.toContain(out.pharmacode);
    expect(found).toEqual(expected(word, { limit: 100 }));
  });

  it('pages with 40 on load-more and an offset', async () => {
    expect(await search('a', { limit: 40 })).toEqual(expected('a', { limit: 40 }));
    expect(await search('a', { limit: 7, offset: 7 })).toEqual(expected('a', { limit: 7, offset: 7 }));
    expect((await search('a', { limit: 40 })).slice(7, 14)).toEqual(await search('a', { offset: 7 }));
  });

  it('keeps the limit within 1..100', async () => {
    expect(await search('a', { limit: 0 })).toEqual(expected('a', { limit: 1 }));
    expect(await search('a', { limit: 1000 })).toEqual(expected('a', { limit: 100 }));
  });

  it('answers nothing for an empty query', async () => {
    expect(await search('')).toEqual([]);
    expect(await search('   ')).toEqual([]);
  });

  it('takes % and _ literally, not as wildcards', async () => {
    expect(await search('a%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('%')).toEqual([]);
    expect(await search('a\\')).toEqual([]);
  });

  it('in the generics variant keeps only SL articles with strength and pack size', async () => {
    for (const query of ['a', 'ator', 'm']) {
      const found = await search(query, { generics: true, limit: 40 });
      expect(found, query).toEqual(expected(query, { generics: true, limit: 40 }));
      expect(found.length).toBeGreaterThan(0);
    }
    const inTrade20 = catalogue.find((a) => a.nincd === 20)!;
    expect(await search(inTrade20.dscrd, { generics: true })).not.toContain(inTrade20.pharmacode);
    expect(await search(inTrade20.dscrd)).toContain(inTrade20.pharmacode);
  });
});

// A later word that matches few articles of a long prefix range takes the trigram index instead of
// the ordered walk (supabase/migrations/20261122000100_search_in_index_order.sql): 240 packs of one
// maker, then 9 of another that sort after them. Both ways must give the same rows in the same order.
describe('search_medications when a later word is rare in a long prefix range', () => {
  const BASE = TEST_ARTICLES_FROM + 1_000;
  const rows = [
    ...Array.from({ length: 240 }, (_, i) => ({ pharmacode: BASE + i, dscrd: `QUIZOSTATIN Alpha Tabl ${10 + (i % 4) * 10} mg ${i + 1} Stk`, nincd: i % 13 === 0 ? 99 : 10 })),
    ...Array.from({ length: 9 }, (_, i) => ({ pharmacode: BASE + 500 + i, dscrd: `QUIZOSTATIN Zeta Kaps ${i % 2 ? 20 : 40} mg ${30 + i} Stk`, nincd: i === 4 ? 99 : 10 })),
  ];

  beforeAll(async () => {
    const service = serviceClient();
    must(await service.from('pharmindex').insert(rows.map((r) => ({ ...r, qty: 30, qtyu: 'Stk' }))).select('pharmacode'), 'test articles');
    must(await service.from('pharmindex_prices').insert(rows.map((r) => ({ pharmacode: r.pharmacode, price: 12.5 }))).select('pharmacode'), 'test prices');
    catalogue = (await loadCatalogue()).filter((a) => a.pharmacode < TEST_ARTICLES_FROM || (a.pharmacode >= BASE && a.pharmacode < BASE + 1000));
  });
  afterAll(async () => {
    await serviceClient().from('pharmindex').delete().gte('pharmacode', BASE).lt('pharmacode', BASE + 1000);
  });

  it('finds the rare rows in order, without those out of trade', async () => {
    for (const query of ['quizostatin zeta', 'quizo zet 20', 'QUIZOSTATIN ZETA KAPS']) {
      const found = await search(query, { limit: 40 });
      expect(found, query).toEqual(expected(query, { limit: 40 }));
      expect(found.length).toBeGreaterThan(0);
      expect(found).not.toContain(BASE + 504);
      expect(await search(query), query).toEqual(expected(query));
    }
    expect(await search('quizostatin zeta', { offset: 3, limit: 3 })).toEqual(expected('quizostatin zeta', { offset: 3, limit: 3 }));
  });

  it('gives the same answer for a frequent later word, read in index order', async () => {
    for (const query of ['quizostatin alpha', 'quizo alp 20', 'quizo tabl 40 mg 1']) {
      expect(await search(query, { limit: 40 }), query).toEqual(expected(query, { limit: 40 }));
    }
    expect(await search('quizostatin xyz')).toEqual([]);
  });
});
