// @vitest-environment happy-dom
// spec §2 dashboard: the screen rendered with its data, in German and French.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import type { DashboardMirror } from '../../data/local/mirror-reads';
import type { RefreshState } from '../../data/hooks/use-refresh';
import type { CustomerRecord } from '../../domain/entities';
import { TestProviders } from '../../i18n/test-providers';
import { DashboardScreen } from './dashboard-screen';
import { SyncLine } from './sync-line';
import { COMPLETE, info, MEDICATIONS, order } from './dashboard-test-support';
import type { InstallOffer } from './install-app';

// 08:00 in Zurich on 10 March 2026; the data came at 07:45
const NOW = new Date('2026-03-10T08:00:00+01:00');
const SYNCED = new Date('2026-03-10T07:45:00+01:00').getTime();
const MIRROR: DashboardMirror = {
  customer: COMPLETE,
  orders: [
    { ...order(240011, 0, [1001, 1002]), pending: false },
    { ...order(240009, 90, [1003]), pending: false },
    { ...order(2 ** 50 + 1, 0, [1004]), pending: true },
  ],
  medications: MEDICATIONS as DashboardMirror['medications'],
  marksDays: ['2026-03-10'],
  markRows: [],
  helpers: [],
};
const NO_INSTALL: InstallOffer = { canPrompt: false, installed: false, hint: 'none', prompt: () => undefined };

/** Rendered, and every part of it there (the plan's parts, then the lists and the footer: a part per frame). */
async function renderScreen(
  {
    mirror = MIRROR,
    now = NOW,
    syncedAt = SYNCED as number | null | undefined,
    refresh = { state: 'idle' as RefreshState, run: () => undefined },
    install = NO_INSTALL,
  } = {},
  lang: 'de' | 'fr' = 'de',
) {
  const props = { mirror, now, syncedAt, refresh, install };
  const screenOf = (p: typeof props) => (
    <TestProviders lang={lang} path="/dashboard">
      <DashboardScreen mirror={p.mirror} now={p.now} install={p.install} syncLine={<SyncLine syncedAt={p.syncedAt} now={p.now} refresh={p.refresh} />} />
    </TestProviders>
  );
  const view = render(screenOf(props));
  // the lists and the footer come in the render after the first paint
  await waitFor(() => expect(view.container.querySelector('.dash-footer')?.childElementCount).toBeGreaterThan(0));
  return {
    ...view,
    again: (next: Partial<typeof props>) => view.rerender(screenOf({ ...props, ...next })),
  };
}

const plan = () => screen.getByRole('region', { name: de['dashboard.plan.title'] });
const periodHeadings = () => within(plan()).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
/** A period's heading button ("Morgens Jetzt: 0 von 3 genommen"). */
const toggleOf = (period: string) => within(within(plan()).getByRole('heading', { level: 3, name: new RegExp(`^${period}[ :]`) })).getByRole('button');
const section = (title: string) => screen.getByRole('region', { name: title });

describe('DashboardScreen greeting and plan', () => {
  // issue 38: the periods in the order of the day, the current one marked and open, each other one
  // a summary line that opens with a tap; compact rows with the dose as a badge
  it('greets by name; the periods in the order of the day, the current one marked and open with its doses', async () => {
    await renderScreen();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Guten Morgen, Sandra');
    expect(periodHeadings()).toEqual(['Morgens Jetzt: 0 von 3 genommen', 'Mittags: nichts einzunehmen', 'Abends: 0 von 2 genommen', 'Nachts: 0 von 1 genommen']);
    const toggle = toggleOf('Morgens');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.closest('li')?.getAttribute('aria-current')).toBe('time');
    const morning = within(plan()).getByRole('list', { name: /^Morgens Jetzt ?: 0 von 3 genommen$/ });
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')?.contains(morning)).toBe(true);
    const rows = within(morning).getAllByRole('listitem');
    expect(rows.map((li) => li.querySelector('.dose-row__label')?.textContent)).toEqual([
      'AMLOVASC Tabl 5 mg, 1 Einheit',
      'ESCITALOPRAM Filmtabl 10 mg, 0.5 Einheiten',
      'METFORMIN Filmtabl 500 mg, 1 Einheit',
    ]);
    // the dose as a badge (drawn only: the units are in words beside the name)
    expect(rows.map((li) => li.querySelector('.dose-row__badge')?.textContent)).toEqual(['1×', '½', '1×']);
    expect(within(rows[0] as HTMLElement).getByText('Hinweis: Blutdruck regelmässig messen')).toBeTruthy();
    // a picture for each medication, decorative (the name is beside it)
    expect((rows[0] as HTMLElement).querySelector('img')?.getAttribute('alt')).toBe('');
    expect(within(plan()).getByText('5–12 Uhr')).toBeTruthy();
    // the other periods are closed: their doses are one tap away
    for (const name of ['Mittags', 'Abends', 'Nachts']) expect(toggleOf(name).getAttribute('aria-expanded')).toBe('false');
    expect(within(plan()).queryByText('Einnahme: abends')).toBeNull();
    expect(within(plan()).queryByText('22–5 Uhr')).toBeNull();
  });

  // issue 41 item 2: a mark a helper made names them to the patient; the patient's own does not
  it('a dose a helper ticked off says who, in German and French; one the patient ticked does not', async () => {
    const mark = (prescription_id: number, pharmacode: number, acted_by: string) => ({
      customer_id: COMPLETE.id, prescription_id, pharmacode, day: '2026-03-10', period: 'morning', status: 'taken', reason: null,
      marked_at: '2026-03-10T07:30:00.000Z', device_id: 'anna-phone', acted_by,
    });
    const helpers = [{ id: 'g1', patient_id: COMPLETE.id, helper_id: 'anna', helper_name: 'Anna', rights: ['tick' as const], invited_email: null, code_expires_at: '2026-03-02T00:00:00Z', created_at: '2026-03-01T00:00:00Z', accepted_at: '2026-03-01T01:00:00Z', revoked_at: null, revoked_by: null, missed_dose_alert: false, alert_shows_names: false, patient_name: 'Walter' }];
    const mirror = { ...MIRROR, markRows: [mark(2, 1002, 'anna'), mark(3, 1003, COMPLETE.id), mark(4, 1004, 'someone')], helpers };
    const { unmount } = await renderScreen({ mirror });
    const rows = within(within(plan()).getByRole('list', { name: /^Morgens/ })).getAllByRole('listitem');
    expect(rows.map((li) => li.querySelector('.dose-state')?.textContent ?? null)).toEqual(['✓ Genommen von Anna', null, '✓ Genommen von einer Hilfsperson']);
    unmount();
    await renderScreen({ mirror }, 'fr');
    expect(screen.getAllByText('par Anna')).toHaveLength(1);
  });

  it('a closed period opens with a tap on its heading and closes again', async () => {
    await renderScreen();
    const evening = toggleOf('Abends');
    await userEvent.click(evening);
    expect(evening.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(evening.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByText('Einnahme: abends')).toBeTruthy();
    expect(within(panel).getByText('18–22 Uhr')).toBeTruthy();
    expect(within(panel).getAllByRole('button', { pressed: false })).toHaveLength(2);
    // the current one stays open beside it
    expect(toggleOf('Morgens').getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(evening);
    expect(evening.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
  });

  // issue 28/38: a reminder's notification opens /dashboard#dash-period-<period>: that period opens
  // and has the focus, the current one stays open
  it('an address naming a period opens it and focuses its heading button', async () => {
    globalThis.location.hash = '#dash-period-evening';
    try {
      await renderScreen();
      const evening = toggleOf('Abends');
      await waitFor(() => expect(document.activeElement).toBe(evening));
      expect(evening.getAttribute('aria-expanded')).toBe('true');
      expect(toggleOf('Morgens').getAttribute('aria-expanded')).toBe('true');
      expect(toggleOf('Nachts').getAttribute('aria-expanded')).toBe('false');
    } finally {
      globalThis.location.hash = '';
    }
  });

  // issue 36 item 4: the takeover's commit holds the plan down to the heading of now; the rest
  // comes a part per frame in the document's order, and nothing below the plan before its end
  it('renders the plan in parts: the headings down to now first, then the doses, then the rest; the sections below it after', async () => {
    const seen: string[] = [];
    const note = (what: string, present: boolean) => {
      if (present && !seen.includes(what)) seen.push(what);
    };
    const observer = new MutationObserver(() => {
      note('rows', document.querySelector('.dash-period--current .dose-rows') !== null);
      note('evening', document.getElementById('dash-period-evening') !== null);
      note('links', document.querySelector('.dash-plan__links') !== null);
      note('reminders', document.querySelector('.dash-grid__main > :not(.dash-plan)') !== null);
      note('side', (document.querySelector('.dash-grid__side')?.childElementCount ?? 0) > 0);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      const view = render(
        <TestProviders lang="de" path="/dashboard">
          <DashboardScreen mirror={MIRROR} now={NOW} install={NO_INSTALL} syncLine={null} />
        </TestProviders>,
      );
      // the first render: the greeting and the current period's heading (morning), its doses not yet
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Guten Morgen, Sandra');
      expect(periodHeadings()).toEqual(['Morgens Jetzt: 0 von 3 genommen']);
      expect(toggleOf('Morgens').getAttribute('aria-expanded')).toBe('true');
      expect(within(plan()).queryAllByRole('listitem', { current: false })).toHaveLength(0);
      await waitFor(() => expect(view.container.querySelector('.dash-footer')?.childElementCount).toBeGreaterThan(0));
      expect(periodHeadings()).toHaveLength(4);
      expect(seen).toEqual(['rows', 'evening', 'links', 'reminders', 'side']);
    } finally {
      observer.disconnect();
    }
  });

  // the period and the greeting follow the clock without a reload
  it('moves the current period and the greeting on when the clock passes noon', async () => {
    const { again } = await renderScreen();
    again({ now: new Date('2026-03-10T12:00:00+01:00') });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Guten Tag, Sandra');
    expect(periodHeadings()).toEqual(['Morgens: 0 von 3 genommen', 'Mittags Jetzt: nichts einzunehmen', 'Abends: 0 von 2 genommen', 'Nachts: 0 von 1 genommen']);
    expect(toggleOf('Morgens').getAttribute('aria-expanded')).toBe('false');
    expect(toggleOf('Mittags').getAttribute('aria-expanded')).toBe('true');
  });

  it('in French: names, units with a decimal comma, periods', async () => {
    await renderScreen({ now: new Date('2026-03-10T19:00:00+01:00') }, 'fr');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bonsoir, Sandra');
    const region = screen.getByRole('region', { name: fr['dashboard.plan.title'] });
    expect(within(region).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Matin: 0 sur 3 pris',
      'Midi: rien à prendre',
      'Soir Maintenant: 0 sur 2 pris',
      'Nuit: 0 sur 1 pris',
    ]);
    expect(within(region).getByText('ATORVASTATINE cpr pell 20 mg')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Soir : ATORVASTATINE cpr pell 20 mg pris' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(region).getByText('18 h – 22 h')).toBeTruthy();
    await userEvent.click(within(within(region).getByRole('heading', { level: 3, name: /^Matin/ })).getByRole('button'));
    expect(within(region).getByText(/0,5 unité/)).toBeTruthy();
    expect(within(region).getAllByText(/1 unité/).length).toBeGreaterThan(0);
  });
});

describe('DashboardScreen as-of line and refresh', () => {
  it('says how fresh the data is: today, yesterday, a date, or never', async () => {
    const { again } = await renderScreen();
    expect(screen.getByText('Stand: heute, 07:45')).toBeTruthy();
    again({ now: new Date('2026-03-11T09:00:00+01:00') });
    expect(screen.getByText('Stand: gestern, 07:45')).toBeTruthy();
    again({ now: new Date('2026-03-14T09:00:00+01:00') });
    expect(screen.getByText('Stand: 10.03.2026, 07:45')).toBeTruthy();
    again({ syncedAt: null });
    expect(screen.getByText(de['dashboard.sync.never'])).toBeTruthy();
    // not read yet: no time and no "never", the line keeps its place
    again({ syncedAt: undefined });
    expect(screen.queryByText(de['dashboard.sync.never'])).toBeNull();
    expect(document.querySelector('.dash-sync__as-of')?.textContent).toBe('\u00a0');
  });

  it('refreshes on a press and shows the progress and the outcome in a live region', async () => {
    const run = vi.fn();
    const { again } = await renderScreen({ refresh: { state: 'idle', run } });
    const button = screen.getByRole('button', { name: de['dashboard.refresh'] });
    await userEvent.click(button);
    expect(run).toHaveBeenCalledTimes(1);
    const status = screen.getByRole('status');
    again({ refresh: { state: 'running', run } });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(status.textContent).toBe(de['dashboard.refresh.running']);
    await userEvent.click(button);
    expect(run).toHaveBeenCalledTimes(1);
    again({ refresh: { state: 'offline', run } });
    expect(status.textContent).toBe(de['dashboard.refresh.offline']);
    again({ refresh: { state: 'done', run } });
    expect(status.textContent).toBe(de['dashboard.refresh.done']);
  });
});

describe('DashboardScreen sections', () => {
  // issue 38: one reorder link for the section, not one per row
  it('expiring prescriptions with the date, one reorder link to /order and the way to send a new prescription', async () => {
    await renderScreen();
    const expiring = section(de['dashboard.expiring.title']);
    expect(within(expiring).getByText('Läuft in 9 Tagen ab (19.03.2026)')).toBeTruthy();
    expect(within(expiring).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      [de['dashboard.expiring.reorder'], '/order'],
      [de['dashboard.renewal.send'], '/prescriptions/add'],
    ]);
  });

  it('open orders with status and product count, each linking to itself on /orders, and all orders', async () => {
    await renderScreen();
    const orders = section(de['dashboard.orders.title']);
    const links = within(orders).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/orders', '/orders?id=240011', '/orders']);
    expect(links[0]?.textContent).toContain('Neue Bestellung vom 01.03.2026');
    expect(links[0]?.textContent).toContain(de['dashboard.orders.pending']);
    expect(links[1]?.textContent).toContain('Bestellung 240011 vom 01.03.2026');
    expect(links[1]?.textContent).toContain('Status: Offen');
    expect(links[1]?.textContent).toContain('2 Produkte');
    expect(within(orders).queryByText(/240009/)).toBeNull(); // finished: not open
    expect(links[2]?.textContent).toBe(de['dashboard.orders.all']);
  });

  it('says so when no order is open', async () => {
    await renderScreen({ mirror: { ...MIRROR, orders: [] } });
    expect(within(section(de['dashboard.orders.title'])).getByText(de['dashboard.orders.none'])).toBeTruthy();
  });

  it('active prescriptions with dosage and expiry, the reorder link and the way to all of them', async () => {
    await renderScreen();
    const active = section(de['dashboard.active.title']);
    expect(within(active).getByText('METFORMIN Filmtabl 500 mg')).toBeTruthy();
    expect(within(active).getByText('Gültig bis 19.03.2026')).toBeTruthy();
    expect(within(active).getByText('1-0-1-0')).toBeTruthy();
    expect(within(active).getByRole('link', { name: de['dashboard.reorder'] }).getAttribute('href')).toBe('/order');
    expect(within(active).getByRole('link', { name: 'Alle Rezepte ansehen (5)' }).getAttribute('href')).toBe('/prescriptions');
  });

  it('the advantages and the tutorial link', async () => {
    await renderScreen();
    const advantages = section(de['dashboard.advantages.title']);
    expect(within(advantages).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Lieferung innert 48 bis 72 Stunden (2 bis 3 Arbeitstage)',
      'Keine Portokosten',
      '2 Probons pro Lieferung',
    ]);
    expect(within(section(de['dashboard.tutorial.title'])).getByRole('link', { name: de['dashboard.tutorial.link'] }).getAttribute('href')).toBe('/prescriptiontutorial');
  });

  it('headings in order: h1, then h2 sections, h3 periods', async () => {
    const { container } = await renderScreen({ install: { ...NO_INSTALL, hint: 'ios' } });
    const levels = [...container.querySelectorAll('h1, h2, h3, h4')].map((h) => Number(h.tagName[1]));
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
  });
});

describe('DashboardScreen setup prompt and empty states', () => {
  it('no prompt once the setup is complete', async () => {
    await renderScreen();
    expect(screen.queryByRole('region', { name: de['dashboard.setup.title'] })).toBeNull();
  });

  it('while setup is incomplete: what is missing and the way to the profile overview', async () => {
    const customer = { id: 'u1', first_name: null, webshop_customer_medication: [] } as unknown as CustomerRecord;
    await renderScreen({ mirror: { ...MIRROR, customer, orders: [] } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Guten Morgen');
    const prompt = section(de['dashboard.setup.title']);
    expect(within(prompt).getAllByRole('listitem')).toHaveLength(5);
    expect(within(prompt).getByRole('link', { name: de['dashboard.setup.link'] }).getAttribute('href')).toBe('/profile/overview');
    // no prescriptions yet: how to send one
    expect(within(plan()).getByText(de['dashboard.plan.empty.none'])).toBeTruthy();
    expect(within(plan()).getByRole('link', { name: de['dashboard.setup.sendLink'] }).getAttribute('href')).toBe('/prescriptions/add');
    expect(within(plan()).getByRole('link', { name: de['title.prescriptionTutorial'] }).getAttribute('href')).toBe('/prescriptiontutorial');
    expect(screen.queryByRole('region', { name: de['dashboard.active.title'] })).toBeNull();
  });

  it('only the send method missing: the prompt leads to sending the prescription', async () => {
    const customer = { ...COMPLETE, webshop_customer_additional_info: [], webshop_customer_medication: [] } as unknown as CustomerRecord;
    await renderScreen({ mirror: { ...MIRROR, customer } });
    expect(within(section(de['dashboard.setup.title'])).getByRole('link', { name: de['dashboard.setup.sendLink'] }).getAttribute('href')).toBe('/prescriptions/add');
  });

  it('a prescription on its way: the plan says it will appear', async () => {
    const customer = { ...COMPLETE, webshop_customer_additional_info: [info({ handled: false })], webshop_customer_medication: [] } as unknown as CustomerRecord;
    await renderScreen({ mirror: { ...MIRROR, customer } });
    expect(within(plan()).getByText(de['dashboard.plan.empty.awaiting'])).toBeTruthy();
    expect(within(plan()).queryByRole('link', { name: de['dashboard.setup.sendLink'] })).toBeNull();
  });
});

describe('DashboardScreen install offer', () => {
  it('nothing where the browser offers no installation', async () => {
    await renderScreen();
    expect(screen.queryByRole('region', { name: de['dashboard.install.title'] })).toBeNull();
  });

  it('"Install the app" where the browser offers it', async () => {
    const prompt = vi.fn();
    await renderScreen({ install: { ...NO_INSTALL, canPrompt: true, prompt } });
    await userEvent.click(within(section(de['dashboard.install.title'])).getByRole('button', { name: de['dashboard.install.button'] }));
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it('on iPhone and iPad: the share-sheet how-to', async () => {
    await renderScreen({ install: { ...NO_INSTALL, hint: 'ios' } });
    const install = section(de['dashboard.install.title']);
    expect(within(install).getByRole('heading', { level: 3, name: de['dashboard.install.ios.title'] })).toBeTruthy();
    expect(within(install).getAllByRole('listitem').map((li) => li.textContent)).toEqual([de['dashboard.install.ios.step1'], de['dashboard.install.ios.step2'], de['dashboard.install.ios.step3']]);
    expect(within(install).queryByRole('button')).toBeNull();
  });

  it('once installed: says where the app is', async () => {
    await renderScreen({ install: { ...NO_INSTALL, installed: true } });
    expect(within(section(de['dashboard.install.title'])).getByText(de['dashboard.install.done'])).toBeTruthy();
  });
});
