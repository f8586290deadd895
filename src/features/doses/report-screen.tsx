import { useDeferredValue, useMemo, useState, type FormEvent } from 'react';
import { ColumnHeads } from './column-heads';
import { useLocation } from 'wouter';
import { doseSlotAt, type DoseSlot } from '../../domain/doses/dose-slot';
import { SKIP_REASONS } from '../../domain/doses/dose-mark';
import { doseReport, doseReportCsv, REPORT_COLUMNS, type DoseReport, type ReportColumn, type ReportRow } from '../../domain/doses/report';
import { paths } from '../../domain/paths';
import { dateInTimeZone } from '../../domain/zoned-time';
import { Msg, useMsg } from '../../i18n/msg';
import { TextField } from '../../ui/form/text-field';
import { useCalendarDate } from '../../ui/use-calendar-date';
import { useSlices } from '../../ui/use-slices';
import { Percent } from './adherence-figure';
import { rangeError, type ReportRange } from './report-range';
import type { DosesData } from './use-doses-data';
import './doses.css';

/** The skipped doses' reasons of a row ("Vergessen: 1, Nebenwirkungen: 2"), or a dash. */
function Reasons({ row }: { row: ReportRow }) {
  const given = SKIP_REASONS.filter((r) => row.skippedByReason[r] > 0);
  if (given.length === 0) return <Msg id="doses.report.none" />;
  return (
    <>
      {given.map((reason, i) => (
        <span key={reason}>
          {i > 0 ? ', ' : null}
          <Msg id="doses.reasonCount" values={{ reason: <Msg id={`doses.reason.${reason}`} />, count: row.skippedByReason[reason] }} />
        </span>
      ))}
    </>
  );
}

/** The CSV file (UTF-8 with BOM, ';') offered as a download. */
function download(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const reportOf = (data: DosesData, range: ReportRange, current: DoseSlot): DoseReport =>
  doseReport(data.prescriptions, data.marks, { from: range.from, to: range.to, current, supply: data.supply, names: data.names });

/**
 * The sheet: counted in a component of its own from the data a render behind (useDeferredValue).
 * Counting a month of doses is 30–35 ms at 4× CPU; in the screen's own render, a new read of the
 * mirror (the data layer's takeover, a pull) made it one task with the form and its layout.
 */
function ReportSheet({ data, range, now, current }: { data: DosesData; range: ReportRange; now: Date; current: DoseSlot }) {
  const formatDate = useCalendarDate();
  const counted = useDeferredValue(data);
  const report = useMemo(() => reportOf(counted, range, current), [counted, range.from, range.to, current.day, current.period]); // eslint-disable-line react-hooks/exhaustive-deps
  const { customer } = counted;
  const name = [customer.first_name, customer.last_name].filter(Boolean).join(' ');
  return (
    <article className="doses-report__sheet" aria-labelledby="doses-report-patient">
      <h2 id="doses-report-patient">
        <Msg id="doses.report.patient" values={{ name, birthday: customer.birthday ? formatDate(customer.birthday) : '–' }} />
      </h2>
      <p>
        <Msg id="doses.report.period" values={{ from: formatDate(report.from), to: formatDate(report.to) }} />
      </p>
      <p>
        <Msg id="doses.report.printed" values={{ date: formatDate(dateInTimeZone(now)) }} />
      </p>
      {report.rows.length === 0 ? (
        <p>
          <Msg id="doses.history.empty" />
        </p>
      ) : (
        // a phone scrolls the table, not the page; the keyboard reaches the region (tabIndex) to scroll it
        <div className="doses-report__scroll" role="region" aria-labelledby="doses-report-caption" tabIndex={0}>
          <table className="doses-report__table">
            <caption id="doses-report-caption">
              <Msg id="doses.report.tableCaption" />
            </caption>
            <thead>
              <ColumnHeads columns={['medication', 'due', 'taken', 'skipped', 'reasons', 'notMarked', 'percent']} />
            </thead>
            <tbody>
              {report.rows.map((row) => (
                <tr key={row.pharmacode}>
                  <th scope="row">{row.name}</th>
                  <td>{row.due}</td>
                  <td>{row.taken}</td>
                  <td>{row.skipped}</td>
                  <td>
                    <Reasons row={row} />
                  </td>
                  <td>{row.notMarked}</td>
                  <td>
                    <Percent rate={row.rate} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="doses-report__note">
        <Msg id="doses.report.note" />
      </p>
    </article>
  );
}

/**
 * /doses/report (issue 24): for a chosen range, per medication the doses due, taken, skipped
 * (with their reasons) and not marked — a page to print on A4 (the patient's name and birth
 * date, the range, the date of print; the controls and the app's frame are not printed) and a
 * CSV for Swiss spreadsheets.
 */
export function ReportScreen({ data, now, range }: { data: DosesData; now: Date; range: ReportRange }) {
  const msg = useMsg();
  const [, navigate] = useLocation();
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState<string | null>(null);
  const current = doseSlotAt(now);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = rangeError(from, to);
    setError(problem);
    if (!problem) navigate(paths.dosesReport.href({ from, to }));
  };
  const sheet = useSlices(2, { first: 1, perFrame: 1 }) > 1;
  const onCsv = () => {
    const labels = Object.fromEntries(REPORT_COLUMNS.map((c) => [c, msg(`doses.csv.${c}`)])) as Record<ReportColumn, string>;
    const report = reportOf(data, range, current);
    download(doseReportCsv(report, labels), msg('doses.report.filename', { from: report.from, to: report.to }));
  };

  return (
    <section className="page doses doses-report" aria-labelledby="doses-title">
      <h1 id="doses-title">
        <Msg id="title.dosesReport" />
      </h1>
      <form className="doses-report__controls" onSubmit={onSubmit} noValidate>
        <div className="doses-report__range">
          <TextField name="from" type="date" label={<Msg id="doses.report.from" />} value={from} max={dateInTimeZone(now)} onChange={(e) => setFrom(e.target.value)} />
          <TextField name="to" type="date" label={<Msg id="doses.report.to" />} value={to} max={dateInTimeZone(now)} onChange={(e) => setTo(e.target.value)} errorId={error} />
        </div>
        <p className="doses-report__hint">
          <Msg id="doses.report.rangeHint" />
        </p>
        <div className="button-row">
          <button type="submit" className="button button--secondary">
            <Msg id="doses.report.show" />
          </button>
          <button type="button" className="button button--primary" onClick={() => window.print()}>
            <Msg id="doses.report.print" />
          </button>
          <button type="button" className="button button--secondary" onClick={onCsv}>
            <Msg id="doses.report.csv" />
          </button>
        </div>
      </form>

      {/* the form first; the sheet below it in the next frame (a layout of its own) */}
      {sheet ? <ReportSheet data={data} range={range} now={now} current={current} /> : null}
    </section>
  );
}
