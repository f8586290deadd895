import type { AdherenceSummary } from '../../domain/doses/adherence';
import { ColumnHeads } from './column-heads';
import type { Pharmacode } from '../../domain/entities';
import { Msg } from '../../i18n/msg';
import { useCalendarDate } from '../../ui/use-calendar-date';

const BAR_WIDTH = 300;
const BAR_HEIGHT = 28;

/** Taken out of due, as the catalogue's percent; a dash when nothing was due. */
export function Percent({ rate }: { rate: number | null }) {
  return rate === null ? <Msg id="doses.noPercent" /> : <Msg id="doses.percent" values={{ value: Math.floor(rate * 100 + 1e-9) / 100 }} />;
}

/** The three parts of a bar, readable without colour: solid (taken), hatched (skipped), open (not marked). */
function Bar({ due, taken, skipped, notMarked }: { due: number; taken: number; skipped: number; notMarked: number }) {
  const scale = due > 0 ? BAR_WIDTH / due : 0;
  const parts = [
    { key: 'taken', width: taken * scale, className: 'dose-bar__taken' },
    { key: 'skipped', width: skipped * scale, className: 'dose-bar__skipped' },
    { key: 'open', width: notMarked * scale, className: 'dose-bar__open' },
  ];
  let x = 0;
  return (
    <svg className="dose-bar" viewBox={`0 0 ${BAR_WIDTH} ${BAR_HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect x={0} y={0} width={BAR_WIDTH} height={BAR_HEIGHT} className="dose-bar__frame" />
      {parts.map((part) => {
        const rect = part.width > 0 ? <rect key={part.key} x={x} y={0} width={part.width} height={BAR_HEIGHT} className={part.className} /> : null;
        x += part.width;
        return rect;
      })}
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
              <Msg id="doses.figure.bar" values={{ name: names.get(m.pharmacode) ?? String(m.pharmacode), taken: m.taken, skipped: m.skipped, notMarked: m.notMarked, due: m.due }} />
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
