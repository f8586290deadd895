import { useIntl } from 'react-intl';
import { TIME_ZONE } from '../../domain/constants';
import { PATIENT_ID_INSURANCE_CARD } from '../../domain/emediplan/chmed16a-model';
import type { SheetLine } from '../../domain/emediplan/plan-sheet';
import { Msg } from '../../i18n/msg';
import { DosageDisplay } from '../../ui/dosage-display';
import { useCalendarDate } from '../../ui/use-calendar-date';
import { usePackUnit } from '../../ui/use-pack-unit';
import { useDisclosure, wideWindow } from '../../ui/use-disclosure';
import { LineName } from './line-name';
import type { Emediplan } from './use-emediplan';

/** From this width the contents stand beside the code (emediplan.css): what is one tap away on a phone starts open. */
export const EMP_WIDE = '56rem';

/** A medication of the code, compact: the name, then its dosage and how long in one line, the instructions under it. */
function Medication({ line }: { line: SheetLine }) {
  const formatDate = useCalendarDate();
  const unit = usePackUnit()(line.unit);
  return (
    <li className="emp-med">
      <p className="emp-med__name">
        <LineName line={line} />
      </p>
      {line.doses || line.to ? (
        <p className="emp-med__dose">
          {line.doses ? (
            <span>
              <DosageDisplay dosage={line.doses} />
              {unit ? <span className="emp-med__unit"> {unit}</span> : null}
            </span>
          ) : null}
          {line.to ? (
            <span className="emp-med__until">
              <Msg id="emediplan.contents.until" values={{ date: formatDate(line.to) }} />
            </span>
          ) : null}
        </p>
      ) : null}
      {line.instructions ? <p className="emp-med__note">{line.instructions}</p> : null}
    </li>
  );
}

/** The medications, behind their count: open beside the code on a wide screen, one tap away on a phone (issue 38). */
function MedicationLists({ plan }: { plan: Emediplan }) {
  const { sheet } = plan;
  const list = useDisclosure('emp-meds', wideWindow(EMP_WIDE));
  return (
    <>
      <h3 className="emp-contents__meds">
        <button type="button" className="emp-toggle" {...list.button}>
          <Msg id="emediplan.contents.medications" values={{ count: sheet.regular.length }} />
        </button>
      </h3>
      <div {...list.panel}>
        {list.open ? (
          <>
            {sheet.regular.length > 0 ? (
              <ul className="emp-meds">
                {sheet.regular.map((line, i) => (
                  <Medication key={`${line.id}-${i}`} line={line} />
                ))}
              </ul>
            ) : (
              <p className="notice notice--info">
                <Msg id="emediplan.contents.none" />
              </p>
            )}
            {sheet.reserve.length > 0 ? (
              <>
                <h4>
                  <Msg id="emediplan.contents.reserve" values={{ count: sheet.reserve.length }} />
                </h4>
                <ul className="emp-meds">
                  {sheet.reserve.map((line, i) => (
                    <Medication key={`${line.id}-${i}`} line={line} />
                  ))}
                </ul>
              </>
            ) : null}
          </>
        ) : null}
      </div>
    </>
  );
}

/**
 * What the code holds, beside it (the patient knows what they hand over): the personal data
 * written into it and every medication with its dosage, the reserve medication apart; nothing
 * is shown here that the code does not carry, and nothing the code carries is left out.
 */
export function PlanContents({ plan }: { plan: Emediplan }) {
  const intl = useIntl();
  const formatDate = useCalendarDate();
  const { doc, sheet } = plan;
  const { patient } = sheet;
  const card = doc.Patient.Ids?.find((i) => i.Type === PATIENT_ID_INSURANCE_CARD)?.Val;
  const language = doc.Patient.Lng === 'fr' ? 'fr' : 'de';
  const created = intl.formatDate(new Date(doc.Dt), { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  return (
    <section className="emp-contents" aria-labelledby="emp-contents-title">
      <h2 id="emp-contents-title">
        <Msg id="emediplan.contents.title" />
      </h2>
      <dl className="emp-facts">
        <div>
          <dt>
            <Msg id="emediplan.contents.name" />
          </dt>
          <dd>{[patient.firstName, patient.lastName].filter(Boolean).join(' ')}</dd>
        </div>
        {patient.birthDate ? (
          <div>
            <dt>
              <Msg id="emediplan.contents.birthDate" />
            </dt>
            <dd>{formatDate(patient.birthDate)}</dd>
          </div>
        ) : null}
        {patient.gender ? (
          <div>
            <dt>
              <Msg id="emediplan.contents.gender" />
            </dt>
            <dd>
              <Msg id={`gender.${patient.gender}`} />
            </dd>
          </div>
        ) : null}
        {card ? (
          <div>
            <dt>
              <Msg id="emediplan.contents.card" />
            </dt>
            <dd className="emp-facts__number">{card}</dd>
          </div>
        ) : null}
        <div>
          <dt>
            <Msg id="emediplan.contents.language" />
          </dt>
          <dd>
            <Msg id={`language.name.${language}`} />
          </dd>
        </div>
        <div>
          <dt>
            <Msg id="emediplan.contents.created" />
          </dt>
          <dd>{created}</dd>
        </div>
      </dl>
      <MedicationLists plan={plan} />
    </section>
  );
}
