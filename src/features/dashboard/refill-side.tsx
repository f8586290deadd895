import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useChangeDraft } from '../../data/hooks/use-draft-order';
import { useSupplyInputs } from '../../data/hooks/use-supply-inputs';
import type { DashboardMirror } from '../../data/local/mirror-reads';
import { paths } from '../../domain/paths';
import { useIntlLanguage } from '../../i18n/use-intl-language';
import { useSlices } from '../../ui/use-slices';
import { RefillCard } from './refill-card';
import { refillModel } from './refill-rows';

/**
 * The side column with the "running low" card on top, loaded in its own chunk after the first
 * paint (the supply rules, every dose mark and the plan settings are not needed for the plan).
 * The column waits for the card's data, so the card never pushes the lists under it down once
 * they are on screen; they come in the frame after the card's (they slice themselves: the
 * dashboard's `SideLists`).
 *
 * The button writes the draft — exactly the listed products, each with its usual amount; the
 * address and the comment stay as the draft has them — and opens the selection: the usual order
 * path from there, offline too.
 */
export default function RefillSide({ mirror, now, children }: { mirror: DashboardMirror; now: Date; children: ReactNode }) {
  const inputs = useSupplyInputs();
  const language = useIntlLanguage();
  const changeDraft = useChangeDraft();
  const [, navigate] = useLocation();
  const { customer, orders, medications } = mirror;
  // the parts it reads, not the whole mirror: a pull that only moves the time of the last sync
  // keeps them (use-mirror-query.ts), and the forecast is not computed again
  const model = useMemo(
    () => (inputs ? refillModel({ customer, orders, medications, marks: inputs.marks, leadDays: inputs.leadDays, language, now }) : undefined),
    [inputs, customer, orders, medications, language, now],
  );
  const busy = useRef(false);
  const preselection = model?.preselection;
  const reorder = useCallback(() => {
    if (!preselection || busy.current) return;
    busy.current = true;
    void changeDraft((draft) => ({ ...draft, medications: { ...preselection } })).then(
      (result) => {
        busy.current = false;
        if (result.ok) navigate(paths.orderSelect.href());
      },
      () => {
        busy.current = false;
      },
    );
  }, [preselection, changeDraft, navigate]);
  // the lists below the card come in the frame after it (use-slices.ts): a deferred render came
  // in the same frame, and the card with the three lists and what else arrived was one rendering
  // task of 36–56 ms at 4× CPU; arriving below it, they move nothing on screen
  const lists = useSlices(model ? 2 : 0, { first: 1, perFrame: 1 }) > 1;
  if (!model) return null;
  return (
    <>
      <RefillCard model={model} onReorder={reorder} />
      {lists ? children : null}
    </>
  );
}
