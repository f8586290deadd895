import { useMemo, useState } from 'react';
import { useChangeDraft, useDraftOrder } from '../../data/hooks/use-draft-order';
import { usePrescriptions } from '../../data/hooks/use-prescriptions';
import type { DraftOrder, Prescription } from '../../domain/entities';
import { emptyDraft, isDraftEmpty } from '../../domain/order-draft';
import { orderableDraft } from './select-rows';

export interface OrderFlow {
  prescriptions: Prescription[];
  /** the draft as stored (mirror) */
  draft: DraftOrder;
  /** the draft as it can be ordered now (products no longer prescribed left out) */
  orderable: DraftOrder;
  /** nothing orderable chosen: the review steps redirect to the selection (spec §2) */
  empty: boolean;
  /** changes the stored draft (one transaction) */
  change: ReturnType<typeof useChangeDraft>;
  now: Date;
}

/** What every step of the order flow reads: the prescriptions and the patient's draft (undefined while the first read runs). */
export function useOrderFlow(): OrderFlow | undefined {
  const prescriptions = usePrescriptions();
  const stored = useDraftOrder();
  const change = useChangeDraft();
  const [now] = useState(() => new Date());
  return useMemo(() => {
    if (prescriptions === undefined || stored === undefined) return undefined;
    const draft = stored ?? emptyDraft();
    const orderable = orderableDraft(draft, prescriptions, now);
    return { prescriptions, draft, orderable, empty: isDraftEmpty(orderable), change, now };
  }, [prescriptions, stored, change, now]);
}
