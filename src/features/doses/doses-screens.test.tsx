// @vitest-environment happy-dom
// issue 24: the doses' screens with their data — the history (week grid and 30 days per medication
// as tables behind the drawings, shapes readable without colour), a past day's plan (to fill in
// within 7 days, shown as it stands before), the report for the doctor (printable page and CSV) —
// in German and French.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import type { DoseMark } from '../../domain/doses/dose-mark';
import { markIdentity } from '../../domain/doses/marked-by';
import type { CustomerRecord } from '../../domain/entities';
import { TestProviders } from '../../i18n/test-providers';
import { BAR_PART_MIN, BAR_WIDTH, barWidths } from './adherence-figure';
import { DayScreen } from './day-screen';
import { HistoryScreen, weekEndOf } from './history-screen';
import { reportRangeOf } from './report-range';
import { ReportScreen } from './report-screen';
import type { DosesData } from './use-doses-data';
import { allSlices } from '../../ui/all-slices';

// Wednesday 25 November 2026, 19:00 in Zurich: the evening is the current period
const NOW = new Date('2026-11-25T18:00:00Z');
const CUSTOMER = { id: 'u1', first_name: 'Sandra', last_name: 'Meier', birthday: '1961-04-12' } as CustomerRecord;
const mark = (prescription_id: number, day: string, period: DoseMark['period'], status: DoseMark['status'], extra: Partial<DoseMark> = {}): DoseMark => ({
  customer_id: 'u1',
  prescription_id,
  pharmacode: prescription_id === 1 ? 1001 : 1002,
  day,
  period,
  status,
  reason: status === 'skipped' ? 'forgot' : null,
  marked_at: `${day}T07:00:00.000Z`,
  device_id: 'phone',
  ...extra,
});
const DATA: DosesData = {
  customer: CUSTOMER,
  prescriptions: [
    { id: 1, medication_id: 1001, dosage: [1, 0, 1, 0], expires_at: '2027-01-01', single_use: false, used: false, created_at: '2026-10-01T08:00:00+02:00' },
    { id: 2, medication_id: 1002, dosage: [0.5, 0, 0, 0], expires_at: '2027-01-01', single_use: false, used: false, created_at: '2026-10-01T08:00:00+02:00' },
  ],
  supply: { orders: [], medications: new Map() },
  marks: [
    mark(1, '2026-11-25', 'morning', 'taken'),
    mark(2, '2026-11-25', 'morning', 'skipped', { reason: 'side_effects' }),
    mark(1, '2026-11-24', 'evening', 'taken', { marked_at: '2026-11-25T06:30:00.000Z' }), // entered the next morning
    mark(1, '2026-11-23', 'morning', 'taken'),
  ],
  markedBy: new Map(),
  names: new Map([
    [1001, 'AMLOVASC Tabl 5 mg'],
    [1002, '=ESCITALOPRAM; Filmtabl'],
  ]),
};

const inLang = (ui: React.ReactNode, lang: 'de' | 'fr' = 'de') => render(<TestProviders lang={lang}>{ui}</TestProviders>);

afterEach(() => vi.restoreAllMocks());

describe('the history', () => {
  it('the week grid as a table: seven days, four periods, each cell in words; the table comes in a frame after the drawing', async () => {
    inLang(<HistoryScreen data={DATA} now={NOW} week={null} />);
    // the first render: the drawing alone (the table's text was a layout of its own)
    expect(screen.queryByRole('table')).toBeNull();
    expect(document.querySelector('svg.dose-grid')).not.toBeNull();
    await allSlices();
    const table = screen.getByRole('table', { name: /Einnahmen der Woche vom 19\.11\.2026 bis 25\.11\.2026/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(within(rows[0]!).getAllByRole('columnheader')).toHaveLength(8);
    const morning = within(table).getByRole('rowheader', { name: 'Morgens' }).closest('tr') as HTMLElement;
    const cells = within(morning).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.at(-1)).toBe('Ausgelassen: 1 von 2 genommen, 1 ausgelassen');
    expect(cells.at(-3)).toBe('Teilweise genommen: 1 von 2 genommen');
    expect(cells.at(-2)).toBe('Nicht abgehakt: 0 von 2 genommen');
    const night = within(table).getByRole('rowheader', { name: 'Nachts' }).closest('tr') as HTMLElement;
    expect(within(night).getAllByRole('cell').at(-1)?.textContent).toBe('Nichts geplant');
    // the evening of today is due (its time has come), later periods are not
    const evening = within(table).getByRole('rowheader', { name: 'Abends' }).closest('tr') as HTMLElement;
    expect(within(evening).getAllByRole('cell').at(-2)?.textContent).toBe('Alles genommen: 1 von 1 genommen');
  });

  it('the drawing is hidden from assistive technology; its legend names every shape', () => {
    const { container } = inLang(<HistoryScreen data={DATA} now={NOW} week={null} />);
    expect(container.querySelector('svg.dose-grid')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelectorAll('svg.dose-grid .dose-shape')).toHaveLength(28);
    expect(screen.getByRole('list', { name: 'Legende' }).textContent).toContain('Alles genommen');
  });

  // issue 38: each part of a 30-day bar outlined and wide enough to see, 1 of 30 too
  it('the 30-day bars: each part outlined, one dose of many still visible, together the frame', async () => {
    const { container } = inLang(<HistoryScreen data={DATA} now={NOW} week={null} />);
    await allSlices();
    const parts = [...container.querySelectorAll('svg.dose-bar rect:not(.dose-bar__frame)')];
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) expect(part.getAttribute('stroke')).toBe('#333');
    // ESCITALOPRAM: 1 skipped of 30
    const skipped = container.querySelectorAll('svg.dose-bar')[1]?.querySelector('.dose-bar__skipped');
    expect(Number(skipped?.getAttribute('width'))).toBeGreaterThanOrEqual(BAR_PART_MIN);
    expect(barWidths([1, 0, 29])).toEqual([10, 0, 290]);
    expect(barWidths([1, 0, 99])).toEqual([BAR_PART_MIN, 0, BAR_WIDTH - BAR_PART_MIN]);
    expect(barWidths([1, 1, 88]).reduce((a, b) => a + b, 0)).toBeCloseTo(BAR_WIDTH);
    expect(barWidths([0, 0, 0])).toEqual([0, 0, 0]);
    expect(barWidths([10, 10, 10])).toEqual([100, 100, 100]);
  });

  it('30 days per medication as a table; half doses count as doses; days to fill in and the report linked', async () => {
    inLang(<HistoryScreen data={DATA} now={NOW} week={null} />);
    await allSlices();
    const table = screen.getByRole('table', { name: /Einnahmen der letzten 30 Tage/ });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent?.replace(/\s/g, ' ')));
    // since 1 October only 26 Nov - 30 = 27 Oct onwards: 30 days, 2 doses a day for AMLOVASC, today's evening due
    expect(rows).toEqual([
      ['AMLOVASC Tabl 5 mg', '60', '3', '0', '57', '5%'],
      ['=ESCITALOPRAM; Filmtabl', '30', '0', '1', '29', '0%'],
    ]);
    expect(screen.getAllByRole('link', { name: /2026$/ }).map((a) => a.getAttribute('href'))).toEqual(
      ['25', '24', '23', '22', '21', '20', '19', '18'].map((d) => `/doses/day/2026-11-${d}`),
    );
    expect(screen.getByRole('link', { name: de['doses.history.reportLink'] }).getAttribute('href')).toBe('/doses/report');
  });

  it('in French', async () => {
    inLang(<HistoryScreen data={DATA} now={NOW} week={null} />, 'fr');
    await allSlices();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(fr['title.dosesHistory']);
    const table = screen.getByRole('table', { name: /Prises de la semaine du 19\.11\.2026 au 25\.11\.2026/ });
    expect(within(table).getByRole('rowheader', { name: 'Matin' })).toBeTruthy();
    expect(screen.getByRole('table', { name: /Prises des 30 derniers jours/ }).textContent).toMatch(/5\s?%/);
  });

  it.each([
    [null, '2026-11-25'],
    ['2026-11-18', '2026-11-18'],
    ['2026-12-01', '2026-11-25'], // never after today
    ['gestern', '2026-11-25'],
  ])('the week asked for: %s -> ends %s', (asked, end) => {
    expect(weekEndOf(asked, '2026-11-25')).toBe(end);
  });
});

describe('a past day\'s plan', () => {
  it('yesterday: every dose with its mark, a late entry marked as such, each to be changed', async () => {
    inLang(<DayScreen data={DATA} now={NOW} day="2026-11-24" />);
    await allSlices();
    expect(screen.getByText(/Einnahmen vom Dienstag, 24\.11\.2026/)).toBeTruthy();
    const evening = screen.getByRole('region', { name: 'Abends' });
    // issue 38: the dashboard's compact row, one toggle named by the period and the medication
    const row = within(evening).getByText('AMLOVASC Tabl 5 mg').closest('li') as HTMLElement;
    expect(row.querySelector('.dose-state')?.textContent).toContain('nachgetragen');
    expect(within(row).getByRole('button', { name: 'Abends: AMLOVASC Tabl 5 mg genommen' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(row).getByRole('button', { expanded: false })).toBeTruthy(); // skip and its reason behind "more"
    const morning = screen.getByRole('region', { name: 'Morgens' });
    expect(within(morning).getAllByRole('listitem')).toHaveLength(2);
    expect(within(morning).getAllByRole('button', { pressed: false })).toHaveLength(2);
    expect(within(morning).getByRole('button', { name: /Alle genommen/ })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Mittags' }).textContent).toContain(de['doses.day.nothing']);
  });

  // issue 41 item 2: a dose a helper marked names them, here as on the dashboard; a day shown as
  // it stands (not to be changed) too
  it('a dose a helper marked says who, also on a day that can no longer be changed', async () => {
    const anna = mark(2, '2026-11-24', 'morning', 'taken', { device_id: 'annas-phone' });
    const old = mark(1, '2026-11-17', 'evening', 'taken', { device_id: 'annas-phone' });
    const data = { ...DATA, marks: [...DATA.marks, anna, old], markedBy: new Map([[markIdentity(anna), { name: 'Anna' }], [markIdentity(old), { name: null }]]) };
    const { unmount } = inLang(<DayScreen data={data} now={NOW} day="2026-11-24" />);
    await allSlices();
    const morning = screen.getByRole('region', { name: 'Morgens' });
    const states = within(morning).getAllByRole('listitem').map((li) => li.querySelector('.dose-state')?.textContent ?? null);
    expect(states).toEqual([null, '✓ Genommen von Anna']);
    unmount();
    inLang(<DayScreen data={data} now={NOW} day="2026-11-17" />, 'fr');
    await allSlices();
    expect(within(screen.getByRole('region', { name: 'Soir' })).getByText(fr['doses.status.byHelper'])).toBeTruthy();
  });

  it('8 days ago: shown as it stands, with no control to change it', async () => {
    inLang(<DayScreen data={DATA} now={NOW} day="2026-11-17" />);
    await allSlices();
    expect(screen.getByText(de['doses.day.readOnly'])).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.getAllByText(de['doses.status.notMarked']).length).toBe(3);
  });

  it('a day after today, or no date at all: said so, nothing to mark', async () => {
    inLang(<DayScreen data={DATA} now={NOW} day="2026-11-26" />);
    await allSlices();
    expect(screen.getByText(de['doses.day.future'])).toBeTruthy();
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    inLang(<DayScreen data={DATA} now={NOW} day="2026-02-30" />);
    await allSlices();
    expect(screen.getByText(de['doses.day.invalid'])).toBeTruthy();
  });
});

describe('the report for the doctor', () => {
  const range = { from: '2026-11-23', to: '2026-11-25' };

  it('the sheet: name and birth date, the range, the date of print, per medication due, taken, skipped with reasons', async () => {
    inLang(<ReportScreen data={DATA} now={NOW} range={range} />);
    await allSlices();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Sandra Meier, geboren am 12.04.1961');
    expect(screen.getByText('Zeitraum: 23.11.2026 bis 25.11.2026')).toBeTruthy();
    expect(screen.getByText('Gedruckt am 25.11.2026')).toBeTruthy();
    const table = screen.getByRole('table', { name: de['doses.report.tableCaption'] });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent?.replace(/\s/g, ' ')));
    expect(rows).toEqual([
      ['AMLOVASC Tabl 5 mg', '6', '3', '0', '–', '3', '50%'],
      ['=ESCITALOPRAM; Filmtabl', '3', '0', '1', 'Nebenwirkungen: 1', '2', '0%'],
    ]);
  });

  it('the CSV: UTF-8 with BOM, ";" between fields, the labels in the language, a formula in a name guarded', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('Prises_2026-11-23_2026-11-25.csv');
    });
    inLang(<ReportScreen data={DATA} now={NOW} range={range} />, 'fr');
    await allSlices();
    await userEvent.click(screen.getByRole('button', { name: fr['doses.report.csv'] }));
    expect(clicked).toHaveBeenCalledOnce();
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe('Médicament;Pharmacode;Du;Au;Dues;Prises;Omises;Omises : oubli;Omises : effets secondaires;Omises : plus en stock;Omises : autre raison;Non cochées;Part prise (%)');
    expect(lines[2]).toBe(`"'=ESCITALOPRAM; Filmtabl";1002;2026-11-23;2026-11-25;3;0;1;0;1;0;0;2;0`);
  });

  it('a reversed range typed in is refused at its field', async () => {
    inLang(<ReportScreen data={DATA} now={NOW} range={range} />);
    const to = screen.getByLabelText(de['doses.report.to']);
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: de['doses.report.show'] }));
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(de['doses.report.rangeInvalid'])).toBeTruthy();
  });

  it.each([
    [{}, { from: '2026-10-27', to: '2026-11-25' }],
    [{ from: '2026-11-01', to: '2026-11-10' }, { from: '2026-11-01', to: '2026-11-10' }],
    [{ to: '2026-11-10' }, { from: '2026-10-12', to: '2026-11-10' }],
    [{ from: '2026-11-20', to: '2026-11-10' }, { from: '2026-10-27', to: '2026-11-25' }],
    [{ from: 'x', to: '2026-13-01' }, { from: '2026-10-27', to: '2026-11-25' }],
  ])('the range of the address %j -> %j', (query, expected) => {
    expect(reportRangeOf(query, '2026-11-25')).toEqual(expected);
  });
});
