import type { AdherenceSummary } from '../../domain/doses/adherence';
import { ColumnHeads } from './column-heads';
import type { Pharmacode } from '../../domain/entities';
import { Msg } from '../../i18n/msg';
import { useCalendarDate } from '../../ui/use-calendar-date';

export const BAR_WIDTH = 300;
const BAR_HEIGHT = 28;

/** Taken out of due, as the catalogue's percent; a dash when nothing was due. */
export function Percent({ rate }: { rate: number | null }) {
  return rate === null ? <Msg id="doses.noPercent" /> : <Msg id="doses.percent" values={{ value: Math.floor(rate * 100 + 1e-9) / 100 }} />;
}

/** A part of a bar standing for at least one dose is never narrower than this (of BAR_WIDTH): 1 of 90 still shows. */
export const BAR_PART_MIN = 6;

/** The widths of a bar's parts: in proportion to their counts, a part of one dose or more at least BAR_PART_MIN wide, together the bar's width. */
export function barWidths(counts: readonly number[]): number[] {
  const due = counts.reduce((a, b) => a + b, 0);
  if (due <= 0) return counts.map(() => 0);
  const widths = counts.map((n) => (n > 0 ? Math.max((n * BAR_WIDTH) / due, BAR_PART_MIN) : 0));
  // what the small parts were given is taken from the widest
  const excess = widths.reduce((a, b) => a + b, 0) - BAR_WIDTH;
  const widest = widths.indexOf(Math.max(...widths));
  widths[widest] = (widths[widest] ?? 0) - excess;
  return widths;
}

/**
 * The three parts of a bar, readable without colour: solid (taken), hatched (skipped), open (not
 * marked), each outlined (issue 38: 1 of 30 was lost against the frame); the frame drawn last,
 * whole, over them.
 */
function Bar({ taken, skipped, notMarked }: { taken: number; skipped: number; notMarked: number }) {
  const [wTaken = 0, wSkipped = 0, wOpen = 0] = barWidths([taken, skipped, notMarked]);
  const parts = [
    { key: 'taken', width: wTaken, className: 'dose-bar__taken' },
    { key: 'skipped', width: wSkipped, className: 'dose-bar__skipped' },
    { key: 'open', width: wOpen, className: 'dose-bar__open' },
  ];
  let x = 0;
  return (
    <svg className="dose-bar" viewBox={`0 0 ${BAR_WIDTH} ${BAR_HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      {parts.map((part) => {
        const rect =
          part.width > 0 ? (
            <rect key={part.key} x={x} y={0} width={part.width} height={BAR_HEIGHT} className={part.className} stroke="#333" strokeWidth={2} vectorEffect="non-scaling-stroke" />
          ) : null;
        x += part.width;
        return rect;
      })}
      <rect x={0} y={0} width={BAR_WIDTH} height={BAR_HEIGHT} className="dose-bar__frame" fill="none" stroke="#333" strokeWidth={2} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

/** The hatching of skipped doses (one definition per page, referenced by the bars' CSS). */
export function BarPatterns() {
  return (
    <svg width="0" height="0" className="dose-patterns" aria-hidden="true" focusable="false">
      <defs>
        <pattern id="dose-hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="8" height="8" fill="#fff" />
          <line x1="0" y1="0" x2="0" y2="8" stroke="#8a0019" strokeWidth="5" />
        </pattern>
      </defs>
    </svg>
  );
}

/**
 * The last 30 days per medication (issue 24): a stacked bar of each product's doses — taken,
 * skipped, not marked — drawn with SVG under its name and counts, and the same as a table for
 * assistive technology.
 */
export function AdherenceFigure({ summary, names, days }: { summary: AdherenceSummary; names: ReadonlyMap<Pharmacode, string>; days: number }) {
  const formatDate = useCalendarDate();
  if (summary.medications.length === 0) {
    return (
      <p>
        <Msg id="doses.history.empty" />
      </p>
    );
  }
  return (
    <figure className="dose-figure">
      <BarPatterns />
      <ul className="dose-bars" aria-hidden="true">
        {summary.medications.map((m) => (
          <li key={m.pharmacode} className="dose-bars__item">
            <p className="dose-bars__name">{names.get(m.pharmacode) ?? String(m.pharmacode)}</p>
            <Bar {...m} />
            <p className="dose-bars__counts">
              <Msg id="doses.figure.bar" values={{ taken: m.taken, skipped: m.skipped, due: m.due }} />
            </p>
          </li>
        ))}
      </ul>
      <ul className="dose-legend">
        <li>
          <span className="dose-legend__swatch dose-bar__taken" aria-hidden="true" /> <Msg id="doses.col.taken" />
        </li>
        <li>
          <span className="dose-legend__swatch dose-legend__swatch--hatched" aria-hidden="true" /> <Msg id="doses.col.skipped" />
        </li>
        <li>
          <span className="dose-legend__swatch dose-bar__open" aria-hidden="true" /> <Msg id="doses.col.notMarked" />
        </li>
      </ul>
      <div className="visually-hidden">
        <table>
          <caption>
            <Msg id="doses.history.adherenceTable" values={{ days, from: formatDate(summary.from), to: formatDate(summary.to) }} />
          </caption>
          <thead>
            <ColumnHeads columns={['medication', 'due', 'taken', 'skipped', 'notMarked', 'percent']} />
          </thead>
          <tbody>
            {summary.medications.map((m) => (
              <tr key={m.pharmacode}>
                <th scope="row">{names.get(m.pharmacode) ?? String(m.pharmacode)}</th>
                <td>{m.due}</td>
                <td>{m.taken}</td>
                <td>{m.skipped}</td>
                <td>{m.notMarked}</td>
                <td>
                  <Percent rate={m.rate} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
