import type { CellStatus } from '../../domain/doses/adherence';

/**
 * The shape of a week-grid cell, readable without colour: a filled circle with a tick (all
 * taken), a cross (skipped), a half-filled circle (partly), an empty circle (not marked), a
 * dotted circle (not yet due), a short dash (nothing planned).
 */
export function CellShape({ status, x, y, r = 14 }: { status: CellStatus; x: number; y: number; r?: number }) {
  switch (status) {
    case 'all_taken':
      return (
        <g className="dose-shape dose-shape--taken">
          <circle cx={x} cy={y} r={r} />
          <path d={`M ${x - r * 0.5} ${y} l ${r * 0.35} ${r * 0.4} l ${r * 0.7} ${-r * 0.8}`} className="dose-shape__tick" />
        </g>
      );
    case 'some_skipped':
      return (
        <g className="dose-shape dose-shape--skipped">
          <path d={`M ${x - r * 0.7} ${y - r * 0.7} L ${x + r * 0.7} ${y + r * 0.7} M ${x + r * 0.7} ${y - r * 0.7} L ${x - r * 0.7} ${y + r * 0.7}`} />
        </g>
      );
    case 'partly':
      return (
        <g className="dose-shape dose-shape--partly">
          <circle cx={x} cy={y} r={r} className="dose-shape__ring" />
          <path d={`M ${x} ${y - r} A ${r} ${r} 0 0 0 ${x} ${y + r} Z`} className="dose-shape__half" />
        </g>
      );
    case 'not_marked':
      return <circle className="dose-shape dose-shape--open" cx={x} cy={y} r={r} />;
    case 'not_yet_due':
      return <circle className="dose-shape dose-shape--later" cx={x} cy={y} r={r} />;
    case 'nothing_due':
      return <path className="dose-shape dose-shape--none" d={`M ${x - r * 0.5} ${y} L ${x + r * 0.5} ${y}`} />;
  }
}

export const CELL_STATUSES: readonly CellStatus[] = ['all_taken', 'partly', 'some_skipped', 'not_marked', 'not_yet_due', 'nothing_due'];

/** One entry of the legend: the shape and its name. */
export function LegendShape({ status }: { status: CellStatus }) {
  return (
    <svg className="dose-legend__shape" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <CellShape status={status} x={16} y={16} r={12} />
    </svg>
  );
}
