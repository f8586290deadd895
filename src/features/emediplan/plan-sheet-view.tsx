import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { TIME_ZONE, VERSION } from '../../domain/constants';
import { PATIENT_ID_INSURANCE_CARD, type Chmed16aDocument } from '../../domain/emediplan/chmed16a-model';
import { doseGlyph } from '../../domain/dose-glyph';
import type { PlanSheet, SheetLine } from '../../domain/emediplan/plan-sheet';
import { INTAKE_PERIOD_LABEL, INTAKE_PERIODS } from '../../domain/intake-plan';
import type { PeriodTimes } from '../../domain/plan-settings';
import { Msg, useMsg } from '../../i18n/msg';
import { PHARMACY } from '../../ui/pharmacy';
import { QrCode } from '../../ui/qr-code';
import { useCalendarDate } from '../../ui/use-calendar-date';
import { usePackUnit } from '../../ui/use-pack-unit';
import { LineName } from './line-name';

function Dose({ dose }: { dose: number }) {
  const intl = useIntl();
  // the standard prints a dash where nothing is taken; a screen reader hears the 0
  if (dose === 0) {
    return (
      <>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">0</span>
      </>
    );
  }
  return <>{doseGlyph(dose) ?? intl.formatNumber(dose)}</>;
}

function Dates({ line }: { line: SheetLine }) {
  const formatDate = useCalendarDate();
  return (
    <>
      <td>{line.from ? formatDate(line.from) : null}</td>
      <td>{line.to ? formatDate(line.to) : null}</td>
    </>
  );
}

/** The columns both tables end with (the eMediplan's unit, from, to, instructions). */
const TAIL_HEADS = ['emediplan.sheet.unit', 'emediplan.sheet.from', 'emediplan.sheet.to', 'emediplan.sheet.instructions'] as const;

function TailHeads() {
  return (
    <>
      {TAIL_HEADS.map((id) => (
        <th key={id} scope="col">
          <Msg id={id} />
        </th>
      ))}
    </>
  );
}

function TailCells({ line }: { line: SheetLine }) {
  const packUnit = usePackUnit();
  return (
    <>
      <td>{packUnit(line.unit)}</td>
      <Dates line={line} />
      <td>{line.instructions}</td>
    </>
  );
}

/** One scrolling box per table on a narrow screen (the page itself never scrolls sideways); printed whole. */
function TableBox({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // a focusable region: a keyboard can scroll it (axe scrollable-region-focusable)
    <div className="plan-sheet__box" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}

/** One of the sheet's tables in its box: its caption, its column heads, its rows. */
function SheetTable({ id, caption, reserve = false, columns, heads, children }: { id: string; caption: string; reserve?: boolean; columns?: ReactNode; heads: ReactNode; children: ReactNode }) {
  return (
    <TableBox labelledBy={id}>
      <table className={reserve ? 'plan-sheet__table plan-sheet__table--reserve' : 'plan-sheet__table plan-sheet__table--regular'}>
        <caption id={id} className="plan-sheet__caption">
          <Msg id={caption} />
        </caption>
        {columns}
        <thead>
          <tr>{heads}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableBox>
  );
}

export interface PlanSheetViewProps {
  sheet: PlanSheet;
  doc: Chmed16aDocument;
  code: string | null;
  times: PeriodTimes;
  /** how many of its sheetParts to show (the screen renders it in slices): all by default */
  parts?: number;
}

/** The medication table's rows of one part. */
export const ROWS_PER_PART = 3;

/**
 * The sheet's parts, each laid out in a frame of its own on screen: the header, the medication
 * table a few rows at a time, what follows it. The whole table in one frame was a layout of
 * 50–80 ms at 4× CPU; on screen its columns have fixed widths (plan-print.css), so rows that come
 * below move nothing above them.
 */
export function sheetParts(sheet: PlanSheet): number {
  return 2 + Math.max(1, Math.ceil(sheet.regular.length / ROWS_PER_PART));
}

/** The medication table's columns, sized on screen (plan-print.css): the table's layout then does not wait for its rows. */
function RegularColumns() {
  return (
    <colgroup>
      <col className="plan-sheet__col-med" />
      {INTAKE_PERIODS.map((period) => (
        <col key={period} className="plan-sheet__col-dose" />
      ))}
      <col className="plan-sheet__col-unit" />
      <col className="plan-sheet__col-date" />
      <col className="plan-sheet__col-date" />
      <col className="plan-sheet__col-instructions" />
    </colgroup>
  );
}

/**
 * The printed eMediplan (chmed16a/README.md "The medication plan", A4 landscape): the header with
 * the identification, the patient (name, birth date and gender, the insurance card number), the
 * author and the code (at least 4 × 4 cm printed); the date of print; the medication table
 * (one row per medication: morning, noon, evening, night at the patient's times, unit, from, up to
 * and including, instructions); the reserve medication in a block of its own; the footer with
 * the patient again. Large type; the layout for paper is plan-print.css.
 */
export function PlanSheetView({ sheet, doc, code, times, parts }: PlanSheetViewProps) {
  const total = sheetParts(sheet);
  const shown = parts ?? total;
  const intl = useIntl();
  const t = useMsg();
  const formatDate = useCalendarDate();
  const ids = { title: useId(), main: useId(), reserve: useId() };
  const { patient } = sheet;
  const name = [patient.firstName, patient.lastName].filter(Boolean).join(' ');
  const born = patient.birthDate ? formatDate(patient.birthDate) : null;
  const card = doc.Patient.Ids?.find((i) => i.Type === PATIENT_ID_INSURANCE_CARD)?.Val;
  const printed = intl.formatDate(new Date(doc.Dt), { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  const head = (
    <th scope="col" className="plan-sheet__med">
      <Msg id="emediplan.sheet.medication" />
    </th>
  );
  return (
    <article className="plan-sheet" aria-labelledby={ids.title}>
      <header className="plan-sheet__header">
        <div className="plan-sheet__ident">
          <p className="plan-sheet__brand">
            <Msg id="emediplan.sheet.brand" />
          </p>
          <h2 id={ids.title} className="plan-sheet__title">
            <Msg id="emediplan.sheet.title" />
          </h2>
        </div>
        <div className="plan-sheet__patient">
          <p className="plan-sheet__name">{name}</p>
          {born ? (
            <p>
              <Msg id={patient.gender ? 'emediplan.sheet.bornGender' : 'emediplan.sheet.born'} values={{ date: born, gender: patient.gender ? t(`emediplan.sheet.gender.${patient.gender}`) : '' }} />
            </p>
          ) : null}
          {card ? (
            <p>
              <Msg id="emediplan.sheet.card" values={{ number: card }} />
            </p>
          ) : null}
        </div>
        <div className="plan-sheet__author">
          <p>
            <Msg id="emediplan.sheet.author" />
          </p>
          <p>
            <Msg id="emediplan.sheet.authorPatient" values={{ name, pharmacy: PHARMACY.name }} />
          </p>
        </div>
        <div className="plan-sheet__code">
          <QrCode text={code} label={t('emediplan.code.label', { name })} className="plan-sheet__qr" />
        </div>
      </header>
      <p className="plan-sheet__printed">
        <Msg id="emediplan.sheet.printed" values={{ date: printed }} />
      </p>
      {shown < 2 ? null : (
        <SheetTable
          id={ids.main}
          caption="emediplan.sheet.regular"
          columns={<RegularColumns />}
          heads={
            <>
              {head}
              {INTAKE_PERIODS.map((period) => (
                <th key={period} scope="col" className="plan-sheet__dose">
                  <Msg id={INTAKE_PERIOD_LABEL[period]} />
                  <span className="plan-sheet__time">{times[period]}</span>
                </th>
              ))}
              <TailHeads />
            </>
          }
        >
          {sheet.regular.length === 0 ? (
            <tr>
              <td colSpan={9}>
                <Msg id="emediplan.contents.none" />
              </td>
            </tr>
          ) : (
            sheet.regular.slice(0, (shown - 1) * ROWS_PER_PART).map((line, i) => (
              <tr key={`${line.id}-${i}`}>
                <th scope="row" className="plan-sheet__med">
                  <LineName line={line} />
                </th>
                {line.doses ? (
                  line.doses.map((dose, p) => (
                    <td key={INTAKE_PERIODS[p]} className="plan-sheet__dose">
                      <Dose dose={dose} />
                    </td>
                  ))
                ) : (
                  <td colSpan={4}>
                    <Msg id="emediplan.sheet.seeInstructions" />
                  </td>
                )}
                <TailCells line={line} />
              </tr>
            ))
          )}
        </SheetTable>
      )}
      {shown < total ? null : (
        <>
          {sheet.reserve.length > 0 ? (
            <SheetTable
              id={ids.reserve}
              caption="emediplan.sheet.reserve"
              reserve
              heads={
                <>
                  {head}
                  <TailHeads />
                </>
              }
            >
              {sheet.reserve.map((line, i) => (
                <tr key={`${line.id}-${i}`}>
                  <th scope="row" className="plan-sheet__med">
                    <LineName line={line} />
                  </th>
                  <TailCells line={line} />
                </tr>
              ))}
            </SheetTable>
          ) : null}
          {sheet.remark ? <p className="plan-sheet__remark">{sheet.remark}</p> : null}
          <footer className="plan-sheet__footer">
            <span>{born ? t('emediplan.sheet.footerPatient', { name, date: born }) : name}</span>
            <span>
              <Msg id="emediplan.sheet.footerBy" values={{ pharmacy: PHARMACY.name, version: VERSION }} />
            </span>
          </footer>
        </>
      )}
    </article>
  );
}
