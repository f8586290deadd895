// The app's medication search through supabase-js and the RPC (spec §7, §9: 7 hits, 40 on
// "more", from 5 characters; the generics variant). The RPC's own rules are tested in
// medication-search.test.ts; this checks the data layer's paging and errors.
import { describe, expect, it } from 'vitest';
import { isSearchable, searchMedications } from '../../src/data/catalogue/medication-search';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { anonClient } from '../setup/clients.ts';

describe('searchMedications', () => {
  it('a first page of 7 with "more", then 40 more from where it ended, names in order', async () => {
    const first = await searchMedications(anonClient(), 'Para');
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.value.hits).toHaveLength(7);
    expect(first.value.more).toBe(true);
    const next = await searchMedications(anonClient(), 'Para', { offset: 7 });
    expect(next.ok && next.value.hits.length).toBeGreaterThan(0);
    if (!next.ok) return;
    expect(next.value.hits.length).toBeLessThanOrEqual(40);
    const codes = [...first.value.hits, ...next.value.hits].map((m) => m.pharmacode);
    expect(new Set(codes).size).toBe(codes.length);
    const names = [...first.value.hits, ...next.value.hits].map((m) => m.dscrd.toUpperCase());
    expect(names).toEqual([...names].sort());
    expect(first.value.hits[0]).toMatchObject({ dscrd: expect.stringMatching(/^PARA/i) });
    expect(typeof first.value.hits[0]!.pharmacode).toBe('number');
  });

  it('the generics variant holds only products that can have generics compared', async () => {
    const page = await searchMedications(anonClient(), 'Para', { generics: true });
    expect(page.ok && page.value.hits.length).toBeGreaterThan(0);
    expect(page.ok && page.value.hits.every((m) => m.nincd === 10 && m.pharmindex_product?.dose && m.qty !== 0)).toBe(true);
  });

  it('no network: offline', async () => {
    const dead = createClient('http://127.0.0.1:9', 'anon', { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
    expect(await searchMedications(dead, 'Paracetamol')).toEqual({ ok: false, error: 'offline' });
  });

  it('from 5 characters (spec §9)', () => {
    expect(isSearchable('Para')).toBe(false);
    expect(isSearchable(' Parac ')).toBe(true);
  });
});
