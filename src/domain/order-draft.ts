// The client-side draft order (spec §3 Draft order, §2 order flow, §7 webshopOrder):
// amounts per pharmacode, an address override and a comment; and the webshopOrder body.
import { type Amount, clampAmount } from './amounts.ts';
import { AMOUNT_MAX } from './constants.ts';
import type { Address, CustomerId, DraftOrder, OrderAddress, OrderDefaults, Pharmacode } from './entities.ts';
import { err, ok, type Result } from './result.ts';
import type { WebshopOrderBody } from '../../supabase/functions/_shared/webshop-order-body.ts';

export const emptyDraft = (): DraftOrder => ({ medications: {}, address: null, comment: null });

/** Key of a pharmacode in the medications map (and in p_medications). */
export const draftKey = (pharmacode: Pharmacode): string => String(pharmacode);

export const draftAmount = (draft: DraftOrder, pharmacode: Pharmacode): Amount => draft.medications[draftKey(pharmacode)];

/** Sets an amount within 1..max (see amounts.ts); none (undefined) removes the product. */
export function setDraftAmount(draft: DraftOrder, pharmacode: Pharmacode, amount: Amount, max: number = AMOUNT_MAX): DraftOrder {
  if (amount === undefined) return removeFromDraft(draft, pharmacode);
  return { ...draft, medications: { ...draft.medications, [draftKey(pharmacode)]: clampAmount(amount, max) } };
}

export function removeFromDraft(draft: DraftOrder, pharmacode: Pharmacode): DraftOrder {
  const key = draftKey(pharmacode);
  if (!(key in draft.medications)) return draft;
  const { [key]: _removed, ...rest } = draft.medications;
  return { ...draft, medications: rest };
}

export interface DraftLine {
  pharmacode: Pharmacode;
  amount: number;
}

/** The selected products with a valid amount (whole number, at least 1), in insertion order. */
export function draftLines(draft: DraftOrder): DraftLine[] {
  return Object.entries(draft.medications).flatMap(([key, amount]) => {
    const pharmacode = Number(key);
    const valid = /^\d+$/.test(key) && Number.isSafeInteger(pharmacode) && Number.isInteger(amount) && amount >= 1;
    return valid ? [{ pharmacode, amount: Math.min(amount, AMOUNT_MAX) }] : [];
  });
}

/** Empty selection: the order steps redirect to /order/select (spec §2). */
export const isDraftEmpty = (draft: DraftOrder): boolean => draftLines(draft).length === 0;

/** Keeps only products that may still be ordered, clamped to their current maximum. */
export function pruneDraft(draft: DraftOrder, maxOf: (pharmacode: Pharmacode) => number | null): DraftOrder {
  const medications: Record<string, number> = {};
  for (const { pharmacode, amount } of draftLines(draft)) {
    const max = maxOf(pharmacode);
    if (max !== null) medications[draftKey(pharmacode)] = clampAmount(amount, max);
  }
  return { ...draft, medications };
}

export const setDraftAddress = (draft: DraftOrder, address: OrderAddress | null): DraftOrder => ({ ...draft, address });
export const setDraftComment = (draft: DraftOrder, comment: string | null): DraftOrder => ({ ...draft, comment });

const text = (v: string | null | undefined): string => v?.trim() ?? '';
const orNull = (v: string | null | undefined): string | null => text(v) || null;

/** The order address of a stored address, or null when street, number, zip or city is missing. */
export function orderAddressOf(address: Pick<Address, keyof OrderAddress> | OrderAddress | null | undefined): OrderAddress | null {
  if (!address) return null;
  const a: OrderAddress = {
    street: text(address.street),
    street_nr: text(address.street_nr),
    address2: orNull(address.address2),
    zip: text(address.zip),
    city: text(address.city),
  };
  return a.street && a.street_nr && a.zip && a.city ? a : null;
}

/** Body of the webshopOrder call (spec §7): the edge function's own schema says what it is. */
export type { WebshopOrderBody };

export type OrderBodyError = 'order.emptySelection' | 'order.addressMissing';

/**
 * Builds the webshopOrder body. Address: the draft's, else the latest stored address.
 * Comment: the draft's when edited (null = not edited), else the order defaults' comment;
 * blank becomes null. Settings: the latest order defaults; without any, all false
 * (no generics, no substitutes, no probon, insurer billed).
 */
export function buildWebshopOrderBody(
  draft: DraftOrder,
  customerId: CustomerId,
  latestAddress: Address | null,
  latestDefaults: OrderDefaults | null,
): Result<WebshopOrderBody, OrderBodyError> {
  const lines = draftLines(draft);
  if (lines.length === 0) return err('order.emptySelection');
  const address = orderAddressOf(draft.address ?? latestAddress);
  if (!address) return err('order.addressMissing');
  return ok({
    p_customer_id: customerId,
    p_medications: Object.fromEntries(lines.map((l) => [draftKey(l.pharmacode), l.amount])),
    p_street: address.street,
    p_street_nr: address.street_nr,
    p_address2: address.address2,
    p_zip: address.zip,
    p_city: address.city,
    p_comment: orNull(draft.comment ?? latestDefaults?.comment),
    p_generic: latestDefaults?.generic ?? false,
    p_substitute: latestDefaults?.substitute ?? false,
    p_probon: latestDefaults?.probon ?? false,
    p_get_invoice: latestDefaults?.get_invoice ?? false,
  });
}
