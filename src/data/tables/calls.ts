// The server calls the outbox makes besides table writes (spec §7 Server functions, and RPCs):
// one declaration each — how it is reached, what it shows in the mirror while it waits, and its
// label in the list of refused changes. Their bodies travel as the entry's payload.

/**
 * - 'order': a new order (the pending order row until the server's id replaces it; refused, it
 *   leaves the list and can go back into the draft);
 * - 'cancelOrder': the order of `args.p_order_id` shows as canceled (status 99).
 */
export type CallMirror = 'order' | 'cancelOrder';

export interface CallDef {
  /** an edge function (the entry id goes as its Idempotency-Key) or a database function */
  via: 'function' | 'rpc';
  label: string;
  mirror?: CallMirror;
}

export const CALLS = {
  webshopOrder: { via: 'function', label: 'sync.kind.order', mirror: 'order' },
  prescriptionLocationMail: { via: 'function', label: 'sync.kind.prescriptionMail' },
  // the patient cancels an open order (supabase/migrations/20261125000700_cancel_order.sql)
  cancel_order: { via: 'rpc', label: 'sync.kind.cancelOrder', mirror: 'cancelOrder' },
} as const satisfies Record<string, CallDef>;

export type CallName = keyof typeof CALLS;

export const callDef = (name: string): CallDef | undefined => (CALLS as Record<string, CallDef>)[name];
