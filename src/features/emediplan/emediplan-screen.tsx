import { Link } from 'wouter';
import { paths } from '../../domain/paths';
import { Msg, useMsg } from '../../i18n/msg';
import { QrCode } from '../../ui/qr-code';
import { CalendarExport } from './calendar-export';
import { FullScreenCode } from './full-screen-code';
import { PlanContents } from './plan-contents';
import { PlanTimesForm } from './plan-times-form';
import type { Emediplan } from './use-emediplan';
import type { WakeLockState } from './use-screen-wake-lock';
import './emediplan.css';

export interface EmediplanScreenProps {
  plan: Emediplan;
  /** the CHMED16A code; null while it is being made */
  code: string | null;
  wakeLock: WakeLockState;
}

/**
 * /plan/emediplan: the code as large as the screen allows, on white, with the way to full
 * screen; beside it (below on a phone) what it holds; then the plan to take along (print, the
 * calendar) and the times of the periods.
 */
export function EmediplanScreen({ plan, code, wakeLock }: EmediplanScreenProps) {
  const t = useMsg();
  const label = t('emediplan.code.label', { name: [plan.sheet.patient.firstName, plan.sheet.patient.lastName].filter(Boolean).join(' ') });
  return (
    <section className="page emp" aria-labelledby="emp-title">
      <h1 id="emp-title">
        <Msg id="title.planEmediplan" />
      </h1>
      <p className="emp-lead">
        <Msg id="emediplan.lead" />
      </p>
      <div className="emp-layout">
        <div className="emp-code-column">
          <figure className="emp-code">
            <QrCode text={code} label={label} className="emp-code__image" />
            <figcaption className="emp-code__caption">
              <Msg id="emediplan.code.caption" />
            </figcaption>
          </figure>
          <div className="button-row">
            <FullScreenCode code={code} label={label} />
          </div>
          {/* its line kept from the first render wherever the lock may come: held a moment after
              the screen is drawn, the note pushed what is below it down (Lighthouse: CLS 0.004) */}
          {wakeLock === 'unavailable' ? null : (
            <p className={wakeLock === 'held' ? 'emp-awake' : 'emp-awake emp-awake--off'}>
              <Msg id="emediplan.awake" />
            </p>
          )}
        </div>
        <PlanContents plan={plan} />
      </div>
      <section className="emp-take" aria-labelledby="emp-take-title">
        <h2 id="emp-take-title">
          <Msg id="emediplan.take.title" />
        </h2>
        <div className="emp-take__actions">
          <div>
            <p className="emp-take__hint">
              <Msg id="emediplan.print.hint" />
            </p>
            <Link href={paths.planPrint.href()} className="button button--secondary">
              <Msg id="emediplan.print.link" />
            </Link>
          </div>
          <CalendarExport plan={plan} />
        </div>
      </section>
      <PlanTimesForm times={plan.times} />
    </section>
  );
}
