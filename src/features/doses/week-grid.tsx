import { useIntl } from 'react-intl';
import type { WeekCell, WeekGrid } from '../../domain/doses/adherence';
import { INTAKE_PERIOD_LABEL, INTAKE_PERIODS } from '../../domain/intake-plan';
import { Msg, useMsg } from '../../i18n/msg';
import { useCalendarDate } from '../../ui/use-calendar-date';
import { CELL_STATUSES, CellShape, LegendShape } from './cell-shape';

const CELL = 46;
const LABEL = 96;
const HEAD = 44;

function dayLabel(intl: ReturnType<typeof useIntl>, day: string): [string, string] {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return [intl.formatDate(date, { timeZone: 'UTC', weekday: 'short' }), intl.formatDate(date, { timeZone: 'UTC', day: 'numeric', month: 'numeric' })];
}

/** A cell in words (the table's cells). */
function CellText({ cell }: { cell: WeekCell }) {
  if (cell.status === 'nothing_due' || cell.status === 'not_yet_due') return <Msg id={`doses.cell.${cell.status}`} />;
  return <Msg id="doses.cell.text" values={{ status: <Msg id={`doses.cell.${cell.status}`} />, taken: cell.taken, due: cell.due, skipped: cell.skipped }} />;
}

/**
 * The week grid (7 days × 4 periods) drawn with SVG, a shape per cell (readable without colour),
 * with its legend; the same in a table for assistive technology (the drawing is hidden from it).
 * `withTable` false leaves the table out: the screen adds it in a frame after the drawing (its
 * 40 cells of text were about a quarter of the first layout, one task with it; hidden, it moves
 * nothing).
 */
export function WeekGridFigure({ grid, withTable = true }: { grid: WeekGrid; withTable?: boolean }) {
  const intl = useIntl();
  const msg = useMsg();
  const formatDate = useCalendarDate();
  const from = formatDate(grid.days[0] ?? '');
  const to = formatDate(grid.days.at(-1) ?? '');
  const width = LABEL + grid.days.length * CELL;
  const height = HEAD + INTAKE_PERIODS.length * CELL;
  return (
    <figure className="dose-figure">
      <svg className="dose-grid" viewBox={`0 0 ${width} ${height}`} width={width} height={height} aria-hidden="true" focusable="false">
        {grid.days.map((day, col) => {
          const [weekday, date] = dayLabel(intl, day);
          const x = LABEL + col * CELL + CELL / 2;
          return (
            <text key={day} x={x} y={18} textAnchor="middle" className="dose-grid__head">
              <tspan x={x}>{weekday}</tspan>
              <tspan x={x} dy={18}>
                {date}
              </tspan>
            </text>
          );
        })}
        {INTAKE_PERIODS.map((period, row) => (
          <text key={period} x={0} y={HEAD + row * CELL + CELL / 2 + 6} className="dose-grid__label">
            {msg(INTAKE_PERIOD_LABEL[period])}
          </text>
        ))}
        {grid.rows.map((cells, col) =>
          cells.map((cell, row) => <CellShape key={`${cell.day}-${cell.period}`} status={cell.status} x={LABEL + col * CELL + CELL / 2} y={HEAD + row * CELL + CELL / 2} />),
        )}
      </svg>
      <figcaption>
        <ul className="dose-legend" aria-label={msg('doses.history.legend')}>
          {CELL_STATUSES.map((status) => (
            <li key={status}>
              <LegendShape status={status} /> <Msg id={`doses.cell.${status}`} />
            </li>
          ))}
        </ul>
      </figcaption>
      {withTable ? (
        <div className="visually-hidden">
          <table>
            <caption>
              <Msg id="doses.history.gridTable" values={{ from, to }} />
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Msg id="doses.history.dayColumn" />
                </th>
                {grid.days.map((day) => (
                  <th key={day} scope="col">
                    {dayLabel(intl, day).join(' ')}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {INTAKE_PERIODS.map((period, row) => (
                <tr key={period}>
                  <th scope="row">
                    <Msg id={INTAKE_PERIOD_LABEL[period]} />
                  </th>
                  {grid.rows.map((cells) => {
                    const cell = cells[row]!;
                    return (
                      <td key={cell.day}>
                        <CellText cell={cell} />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </figure>
  );
}
