import { useCallback, useMemo } from 'react';
import { useLocation } from 'wouter';
import { useCustomerRecord } from '../../data/hooks/use-customer-record';
import { useReadDraft } from '../../data/hooks/use-draft-order';
import { useGenericAlternatives } from '../../data/hooks/use-generic-tip';
import { useMedications } from '../../data/hooks/use-medications';
import { codesOf } from '../../data/local/mirror-query';
import { saveDelivery, useSave } from '../../data/hooks/use-save';
import { acceptGenerics } from '../../data/outbox/commands';
import type { Pharmacode } from '../../domain/entities';
import { showGenericTip } from '../../domain/generics';
import { latestById } from '../../domain/latest-by-id';
import { draftAmount, setDraftAmount } from '../../domain/order-draft';
import { paths } from '../../domain/paths';
import { orderSelectionSchema } from '../../domain/schemas/order-selection';
import { validate } from '../../domain/schemas/validate';
import type { AmountUpdate } from '../../ui/amount-selector';
import { notify } from '../../ui/notifications/notification-store';
import { notifySaved } from '../../ui/save-feedback';
import { Spinner } from '../../ui/spinner';
import { useSameData } from '../../ui/use-same-data';
import { useIntlLanguage } from '../../i18n/use-intl-language';
import { OrderSelectScreen } from './order-select-screen';
import { SelectInformation } from './select-information';
import { genericTipRows, orderableDraft, selectRows, singleUseCodes, type SelectRow } from './select-rows';
import { useOrderFlow, type OrderFlow } from './use-order-flow';

/** Route /order/select (spec §2): the draft's amounts live in the mirror (Dexie), so they survive a reload and going offline. */
export default function OrderSelectView() {
  const flow = useOrderFlow();
  return flow === undefined ? <Spinner /> : <LoadedSelect flow={flow} />;
}

function LoadedSelect({ flow }: { flow: OrderFlow }) {
  const { prescriptions, draft, change, now } = flow;
  const [, navigate] = useLocation();
  const language = useIntlLanguage();
  const customer = useCustomerRecord();
  const codes = useMemo(() => codesOf(prescriptions.map((p) => p.medication_id)), [prescriptions]);
  const medications = useMedications(codes);
  // rows of the same data stay the same objects, so the memoised rows skip their render
  const rows = useSameData(useMemo(() => (medications ? selectRows(prescriptions, medications, draft, language, now) : []), [prescriptions, medications, draft, language, now]));
  const defaults = customer?.webshop_customer_order_defaults;
  const wantsTip = customer !== undefined && showGenericTip(latestById(defaults));
  const alternatives = useGenericAlternatives(useMemo(() => rows.map((r) => r.pharmacode), [rows]), wantsTip);
  const tip = useMemo(() => (medications ? genericTipRows(rows, medications, alternatives, defaults) : []), [rows, medications, alternatives, defaults]);
  const save = useSave(acceptGenerics);
  const readDraft = useReadDraft();

  // applied to the draft as stored when the change runs (one transaction): quick presses all count
  const onAmount = useCallback(
    (pharmacode: Pharmacode, update: AmountUpdate, max: number) => void change((d) => setDraftAmount(d, pharmacode, update(draftAmount(d, pharmacode)), max)),
    [change],
  );
  const onAcceptGenerics = useCallback(async () => notifySaved(saveDelivery(await save()), 'order.genericTip.accepted'), [save]);

  // spec §5 "at least one product must be chosen, else a danger notice": checked on the draft as
  // stored after every change asked for (a "+" pressed just before counts), as it can be ordered
  const onContinue = useCallback(async () => {
    const stored = orderableDraft(await readDraft(), prescriptions, now);
    const checked = validate(orderSelectionSchema(singleUseCodes(rows)), { medications: stored.medications });
    if (checked.success) navigate(paths.orderFinish.href());
    else notify('danger', Object.values(checked.errors)[0] ?? 'order.select.none');
  }, [readDraft, prescriptions, now, rows, navigate]);

  if (medications === undefined || customer === undefined) return <Spinner />;
  return <OrderSelectScreen rows={rows} tip={tip} onAmount={onAmount} onAcceptGenerics={onAcceptGenerics} onContinue={() => void onContinue()} infoFor={informationFor} />;
}

const informationFor = (row: SelectRow) => <SelectInformation row={row} />;
