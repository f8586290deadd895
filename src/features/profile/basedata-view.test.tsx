// @vitest-environment happy-dom
// The route /profile/basedata wired to the data layer (spec §5, §8; docs/architecture.md, 3 Write):
// reads the mirror, saves through the outbox commands, and shows the edit at once (no network).
import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import { localDb } from '../../data/local/local-db';
import { claimMirror } from '../../data/local/mirror-owner';
import { PLAN_SETTINGS_TABLE } from '../../data/tables/plan-settings';
import type { CustomerRecord } from '../../domain/entities';
import { TestProviders } from '../../i18n/test-providers';
import { notifications } from '../../ui/notifications/notification-store';
import BaseDataView from './basedata-view';

// the signed-in patient as screens read it (useSession)
vi.mock('../../data/auth/auth-view', () => {
  const state = { status: 'signedIn', user: { id: 'u1', email: 'a@b.ch' } };
  return { authView: { get: () => state, subscribe: () => () => {} }, followAuth: () => {} };
});

const CUSTOMER = {
  id: 'u1',
  first_name: 'Sandra',
  last_name: 'Meier',
  gender: 2,
  birthday: '1958-04-12',
  language: 'de',
  webshop_customer_address: [
    { id: 3, customer_id: 'u1', street: 'Rosenweg', street_nr: '3', address2: null, zip: '8400', city: 'Winterthur', phone: '0521234567' },
    { id: 7, customer_id: 'u1', street: 'Bahnhofstrasse', street_nr: '12', address2: '2. Stock', zip: '8500', city: 'Frauenfeld', phone: '0791234567' },
  ],
} as CustomerRecord;

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(async () => {
  const db = localDb();
  await Promise.all(db.tables.map((t) => t.clear()));
  await claimMirror(db, 'u1');
  await db.customers.put(CUSTOMER);
  notifications.list().forEach((n) => notifications.dismiss(n.id));
});

// typing into the form key by key (user-event) takes seconds on a busy machine: past vitest's 5 s
describe('BaseDataView', { timeout: 15_000 }, () => {
  it('shows the latest address; saves the cleaned address through the outbox; the mirror has it at once', async () => {
    render(
      <TestProviders path="/profile/basedata">
        <BaseDataView titleId="title.profileBaseData" />
      </TestProviders>,
    );
    expect(screen.getByRole('heading', { level: 1, name: de['title.profileBaseData'] })).toBeTruthy();
    await waitFor(() => expect(input(de['profile.field.street']).value).toBe('Bahnhofstrasse'));
    expect(input(de['profile.field.firstName']).disabled).toBe(true);

    await userEvent.clear(input(de['profile.field.street']));
    await userEvent.type(input(de['profile.field.street']), 'Marktgasse');
    await userEvent.clear(input(de['profile.field.phone']));
    await userEvent.type(input(de['profile.field.phone']), '079 765 43 21');
    await userEvent.click(screen.getByRole('button', { name: de['profile.basedata.save'] }));

    // no server answers in this test: stored on this device, and it says it is being sent
    await waitFor(() => expect(notifications.list().map((n) => `${n.kind}:${n.messageId}`)).toEqual(['info:save.waiting.sending']), { timeout: 4000 });
    const entries = await localDb().outbox.toArray();
    expect(entries.map((e) => [e.kind, e.payload])).toEqual([
      ['row.update', { table: 'webshop_customer_address', id: 7, fields: { street: 'Marktgasse', phone: '0797654321' } }],
    ]);
    const mirrored = (await localDb().customers.get('u1'))?.webshop_customer_address?.find((a) => a.id === 7);
    expect(mirrored).toMatchObject({ street: 'Marktgasse', phone: '0797654321' });
    // the personal data is not written (a profile exists)
    expect(entries.some((e) => (e.payload as { table?: string }).table === 'webshop_customers')).toBe(false);
  });

  // another tab (same mirror) or a realtime pull changes the record while the form is open
  it('takes in changes of the fields the patient has not touched; keeps the ones typed', async () => {
    render(
      <TestProviders path="/profile/basedata">
        <BaseDataView titleId="title.profileBaseData" />
      </TestProviders>,
    );
    await waitFor(() => expect(input(de['profile.field.street']).value).toBe('Bahnhofstrasse'));
    await userEvent.clear(input(de['profile.field.phone']));
    await userEvent.type(input(de['profile.field.phone']), '079 765 43 21');
    const [older, latest] = CUSTOMER.webshop_customer_address!;
    await localDb().customers.put({ ...CUSTOMER, webshop_customer_address: [older!, { ...latest!, street: 'Marktgasse', phone: '0441111111' }] });
    await waitFor(() => expect(input(de['profile.field.street']).value).toBe('Marktgasse'));
    expect(input(de['profile.field.phone']).value).toBe('079 765 43 21');
    await userEvent.click(screen.getByRole('button', { name: de['profile.basedata.save'] }));
    await waitFor(() => expect(notifications.list().map((n) => n.messageId)).toContain('save.waiting.sending'), { timeout: 4000 });
    expect((await localDb().outbox.toArray()).map((e) => e.payload)).toEqual([{ table: 'webshop_customer_address', id: 7, fields: { phone: '0797654321' } }]);
  });

  it('marks the base data as to do in the side navigation while the address is missing', async () => {
    await localDb().customers.put({ ...CUSTOMER, webshop_customer_address: [] });
    render(
      <TestProviders path="/profile/basedata">
        <BaseDataView titleId="title.profileBaseData" />
      </TestProviders>,
    );
    const link = await screen.findByRole('link', { name: `${de['title.profileBaseData']} ${de['profile.nav.todo']}` });
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  // the reminders' times are the patient's own period times (issue 28), read live from the mirror:
  // a change of them (another tab, a pull) reaches the section without a new page
  it('shows the reminders at the patient’s own period times, and follows a change of them', async () => {
    const db = localDb();
    const settings = (times: Record<'morning_time' | 'noon_time' | 'evening_time' | 'night_time', string>) =>
      db.rows.put({ table: PLAN_SETTINGS_TABLE, key: 'u1', customer_id: 'u1', row: { customer_id: 'u1', ...times } });
    await settings({ morning_time: '06:30', noon_time: '11:45', evening_time: '17:15', night_time: '21:30' });
    render(
      <TestProviders path="/profile/basedata">
        <BaseDataView titleId="title.profileBaseData" />
      </TestProviders>,
    );
    const times = (list: string) => de['reminders.times'].replace('{times}', list);
    expect(await screen.findByText(times('06:30, 11:45, 17:15, 21:30'))).toBeTruthy();
    await settings({ morning_time: '07:00', noon_time: '12:15', evening_time: '18:00', night_time: '22:00' });
    expect(await screen.findByText(times('07:00, 12:15, 18:00, 22:00'))).toBeTruthy();
  });
});
