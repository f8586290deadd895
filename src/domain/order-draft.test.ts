import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { webshopOrderBody } from '../../supabase/functions/_shared/webshop-order-body.ts';
import type { Address, DraftOrder, OrderDefaults } from './entities.ts';
import {
  buildWebshopOrderBody,
  draftAmount,
  draftLines,
  emptyDraft,
  isDraftEmpty,
  orderAddressOf,
  pruneDraft,
  removeFromDraft,
  setDraftAddress,
  setDraftAmount,
  setDraftComment,
} from './order-draft.ts';

const address: Address = {
  id: 7, customer_id: 'c', street: 'Bahnhofstrasse', street_nr: '12', address2: ' ', zip: '8001', city: 'Zürich', phone: '0441234567',
};
const defaults: OrderDefaults = {
  id: 3, customer_id: 'c', generic: true, substitute: false, probon: true, get_invoice: false, comment: 'Bitte klingeln',
};

describe('draft amounts', () => {
  // spec §5 Amount selector: 1..99, single-use 1; removing sets the amount to none
  it.each([
    [5, 99, 5],
    [0, 99, 1],
    [150, 99, 99],
    [3, 1, 1],
  ])('set %i with max %i -> %i', (amount, max, expected) => {
    expect(draftAmount(setDraftAmount(emptyDraft(), 1234567, amount, max), 1234567)).toBe(expected);
  });

  it('removes with none or remove, and reports emptiness', () => {
    const one = setDraftAmount(emptyDraft(), 1234567, 2);
    expect(isDraftEmpty(emptyDraft())).toBe(true);
    expect(isDraftEmpty(one)).toBe(false);
    expect(isDraftEmpty(setDraftAmount(one, 1234567, undefined))).toBe(true);
    expect(isDraftEmpty(removeFromDraft(one, 1234567))).toBe(true);
    expect(removeFromDraft(one, 999)).toBe(one);
  });

  it('ignores malformed entries (e.g. from an old stored draft)', () => {
    const draft: DraftOrder = { medications: { '1234567': 2, abc: 1, '2345678': 0, '3456789': 1.5 }, address: null, comment: null };
    expect(draftLines(draft)).toEqual([{ pharmacode: 1234567, amount: 2 }]);
  });

  it('prunes products no longer orderable and clamps single-use ones', () => {
    const draft = setDraftAmount(setDraftAmount(emptyDraft(), 1, 4), 2, 3);
    expect(pruneDraft(draft, (p) => (p === 1 ? 1 : null)).medications).toEqual({ '1': 1 });
  });
});

describe('webshopOrder body', () => {
  const draft = setDraftAmount(setDraftAmount(emptyDraft(), 1234567, 2), 2345678, 1);

  // spec §7 Server functions: webshopOrder body
  it('uses the latest address and order defaults', () => {
    expect(buildWebshopOrderBody(draft, 'c', address, defaults)).toEqual({
      ok: true,
      value: {
        p_customer_id: 'c',
        p_medications: { '1234567': 2, '2345678': 1 },
        p_street: 'Bahnhofstrasse',
        p_street_nr: '12',
        p_address2: null,
        p_zip: '8001',
        p_city: 'Zürich',
        p_comment: 'Bitte klingeln',
        p_generic: true,
        p_substitute: false,
        p_probon: true,
        p_get_invoice: false,
      },
    });
  });

  it('prefers the draft address and comment; no defaults means all false', () => {
    const edited = setDraftComment(
      setDraftAddress(draft, { street: 'Rue du Marché', street_nr: '3', address2: 'c/o Muster', zip: '1204', city: 'Genève' }),
      '',
    );
    const body = buildWebshopOrderBody(edited, 'c', address, null);
    expect(body.ok && body.value).toMatchObject({
      p_street: 'Rue du Marché',
      p_address2: 'c/o Muster',
      p_city: 'Genève',
      p_comment: null,
      p_generic: false,
      p_substitute: false,
      p_probon: false,
      p_get_invoice: false,
    });
  });

  it("is a body the edge function's schema accepts", () => {
    const body = buildWebshopOrderBody(draft, '4f1c2a9e-6a58-4c6e-9d3b-2b6f0d2c7e11', address, defaults);
    expect(body.ok && v.safeParse(webshopOrderBody, body.value).success).toBe(true);
  });

  it.each([
    ['empty selection', emptyDraft(), address, 'order.emptySelection'],
    ['no address', draft, null, 'order.addressMissing'],
    ['address without city', draft, { ...address, city: ' ' }, 'order.addressMissing'],
  ] as const)('%s -> %s', (_name, d, a, error) => {
    expect(buildWebshopOrderBody(d, 'c', a, defaults)).toEqual({ ok: false, error });
  });

  it('orderAddressOf trims and requires street, number, zip, city', () => {
    expect(orderAddressOf(null)).toBeNull();
    expect(orderAddressOf({ ...address, street_nr: null })).toBeNull();
    expect(orderAddressOf({ ...address, street: ' Bahnhofstrasse ' })?.street).toBe('Bahnhofstrasse');
  });
});
