import { Link } from 'wouter';
import { paths } from '../../domain/paths';
import { Msg } from '../../i18n/msg';
import { Spinner } from '../../ui/spinner';
import { useSlices } from '../../ui/use-slices';
import { PlanSheetView, sheetParts } from './plan-sheet-view';
import { useEmediplan, useEmediplanCode } from './use-emediplan';
import './plan-print.css';

/**
 * Route /plan/print: the printed eMediplan to take to the doctor, from the mirror (offline the
 * same). On screen a preview with the print button; on paper (plan-print.css, A4 landscape) the
 * sheet alone. Print is offered once the code is drawn, so the paper always carries it.
 */
export default function PlanPrintView() {
  const plan = useEmediplan();
  const code = useEmediplanCode(plan?.doc);
  // the sheet a part per frame (its header, its table a few rows at a time, the rest), from when
  // the plan is there: one layout of the whole sheet was a task of 80–100 ms at 4× CPU. Printed
  // only once it is whole.
  const total = plan ? sheetParts(plan.sheet) : 0;
  const parts = useSlices(total, { first: 1, perFrame: 1 });
  if (plan === undefined) return <Spinner />;
  return (
    <section className="page plan-print" aria-labelledby="plan-print-title">
      <h1 id="plan-print-title">
        <Msg id="title.planPrint" />
      </h1>
      {plan === null ? (
        <p className="notice notice--info">
          <Msg id="emediplan.noRecord" />
        </p>
      ) : (
        <>
          <p>
            <Msg id="emediplan.print.lead" />
          </p>
          <div className="button-row plan-print__actions">
            <button type="button" className="button button--primary" disabled={code === null || parts < total} onClick={() => window.print()}>
              <Msg id="emediplan.print.button" />
            </button>
            <Link href={paths.planEmediplan.href()} className="button button--secondary">
              <Msg id="emediplan.print.back" />
            </Link>
          </div>
          <PlanSheetView sheet={plan.sheet} doc={plan.doc} code={code} times={plan.times} parts={parts} />
        </>
      )}
    </section>
  );
}
