// Issue 41 item 3: the patient's profile lists each helper with their last action — the latest of
// the dose marks and orders the server stamped with the helper (acted_by). An order's acted_by is
// its last writer from the patient's side, so a cancelled order counts for nobody (who cancelled
// it wrote it last, and when is not kept): only orders placed and not cancelled count, at their
// creation.

/** What a helper did last, and when (an ISO instant). */
export interface LastAction {
  kind: 'dose' | 'order';
  at: string;
}

const CANCELED = 99;

const later = (a: LastAction | undefined, b: LastAction): LastAction => (a && Date.parse(a.at) >= Date.parse(b.at) ? a : b);

/** Per helper (by account id) among `helpers`, their latest mark or order; a helper who did nothing is absent. */
export function lastActions(
  helpers: readonly string[],
  markRows: readonly Readonly<Record<string, unknown>>[],
  orders: readonly { acted_by?: string | null; created_at: string; status: number }[],
): ReadonlyMap<string, LastAction> {
  const wanted = new Set(helpers);
  const last = new Map<string, LastAction>();
  const note = (who: unknown, action: LastAction) => {
    if (typeof who === 'string' && wanted.has(who) && !Number.isNaN(Date.parse(action.at))) last.set(who, later(last.get(who), action));
  };
  for (const row of markRows) if (typeof row.marked_at === 'string') note(row.acted_by, { kind: 'dose', at: row.marked_at });
  for (const order of orders) if (order.status !== CANCELED) note(order.acted_by, { kind: 'order', at: order.created_at });
  return last;
}
