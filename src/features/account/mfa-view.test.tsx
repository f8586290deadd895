// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import { TestProviders } from '../../i18n/test-providers';
import { notifications } from '../../ui/notifications/notification-store';
import { apiError, createFakeClient, failed, fetchError, QR_SVG, SECRET, type FakeClient } from './account-test-support';
import MfaView from './mfa-view';
import { groupSecret } from './secret-groups';

let fake: FakeClient;
vi.mock('../../data/supabase-client', () => ({ supabase: () => fake, prepareClient: () => undefined, supabaseUrl: 'http://127.0.0.1:54321' }));

const notified = () => notifications.list().map((n) => `${n.kind}:${n.messageId}`);
const t = (id: keyof typeof de, values: Record<string, string> = {}) => Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, v), de[id]);

function renderView() {
  render(
    <TestProviders>
      <MfaView />
    </TestProviders>,
  );
}

async function activate(code: string) {
  renderView();
  const field = await screen.findByLabelText(de['account.code.label']);
  await userEvent.type(field, code);
  await userEvent.click(screen.getByRole('button', { name: de['mfa.activate'] }));
  return field as HTMLInputElement;
}

beforeEach(() => {
  fake = createFakeClient();
  notifications.list().forEach((n) => notifications.dismiss(n.id));
});

// spec §4 "Two-factor: loading, then either no factor (QR code and secret shown, code requested),
// or enabled (offers disable). On load, unverified factors are removed and a new totp enrolment
// starts if none exists. Disabling removes all factors."
describe('MfaView: no factor yet', () => {
  it('shows a spinner, removes unverified factors, enrols and shows the QR code and the grouped secret', async () => {
    fake.setFactors([{ id: 'old-unverified', status: 'unverified' }]);
    renderView();
    expect(screen.getByRole('status').textContent).toBe(de['app.loading']);
    const qr = await screen.findByRole('img', { name: de['mfa.qrAlt'] });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR_SVG)}`);
    expect(fake.auth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'old-unverified' });
    expect(fake.auth.mfa.enroll).toHaveBeenCalledWith(expect.objectContaining({ factorType: 'totp', issuer: 'Rezeptpost' }));
    const secret = screen.getByTestId('mfa-secret');
    expect(secret.textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(secret.closest('dl')?.querySelector('dt')?.textContent).toBe(de['mfa.secret.label']);
    const field = screen.getByLabelText(de['account.code.label']);
    expect(field.getAttribute('inputmode')).toBe('numeric');
  });

  it('copies the secret without the spaces', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderView();
    await userEvent.click(await screen.findByRole('button', { name: de['mfa.secret.copy'] }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(notified()).toEqual(['info:mfa.secret.copied']);
  });

  it('a valid code activates: success notice, then the disable offer', async () => {
    await activate('654321');
    await waitFor(() => expect(notified()).toEqual(['success:mfa.activated']));
    expect(fake.auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-new', code: '654321' });
    expect(screen.getByText(de['mfa.enabled'])).toBeTruthy();
    expect(screen.getByRole('button', { name: de['mfa.disable'] })).toBeTruthy();
  });

  it('refuses a short code before any call (spec §5)', async () => {
    await activate('12345');
    expect(screen.getByText(de['validation.code6'])).toBeTruthy();
    expect(fake.auth.mfa.challengeAndVerify).not.toHaveBeenCalled();
  });

  // spec §8 "invalid code shows activating error with provider message, meaning not activated"
  it('an invalid code shows the not-activated error with the provider message', async () => {
    fake.auth.mfa.challengeAndVerify.mockResolvedValueOnce(failed(apiError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')));
    const field = await activate('123456');
    await waitFor(() => expect(notified()).toEqual(['danger:mfa.error.notActivated']));
    expect(notifications.list()[0]?.values).toEqual({ message: 'Invalid TOTP code entered' });
    expect(screen.getByText(t('mfa.error.notActivated', { message: 'Invalid TOTP code entered' }))).toBeTruthy();
    expect(field.value).toBe('');
    expect(screen.queryByText(de['mfa.enabled'])).toBeNull();
  });

  it('no answer from the server shows the network error', async () => {
    fake.auth.mfa.challengeAndVerify.mockResolvedValueOnce(failed(fetchError()));
    await activate('123456');
    await waitFor(() => expect(notified()).toEqual(['danger:account.error.network']));
  });

  // spec §8 "Two-factor | data not loadable (reload page)"
  it.each([
    ['the factor list', () => fake.auth.mfa.listFactors.mockResolvedValueOnce(failed(fetchError()))],
    ['the enrolment', () => fake.auth.mfa.enroll.mockResolvedValueOnce(failed(apiError(422, 'too_many_enrolled_mfa_factors', 'Maximum')))],
    ['removing an unverified factor', () => {
      fake.setFactors([{ id: 'old', status: 'unverified' }]);
      fake.auth.mfa.unenroll.mockResolvedValueOnce(failed(fetchError(503)));
    }],
  ])('when %s fails it asks to reload the page', async (_, breakIt) => {
    breakIt();
    renderView();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(de['mfa.error.load'])).toBeTruthy();
    expect(within(alert).getByRole('button', { name: de['mfa.reload'] })).toBeTruthy();
  });
});

describe('MfaView: enabled', () => {
  beforeEach(() => fake.setFactors([{ id: 'factor-1', status: 'verified' }]));

  it('does not enrol and offers to disable', async () => {
    renderView();
    expect(await screen.findByText(de['mfa.enabled'])).toBeTruthy();
    expect(fake.auth.mfa.enroll).not.toHaveBeenCalled();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('disabling asks first; cancel keeps it and returns the focus', async () => {
    renderView();
    await userEvent.click(await screen.findByRole('button', { name: de['mfa.disable'] }));
    const group = screen.getByRole('group', { name: de['mfa.disable.question'] });
    await waitFor(() => expect(document.activeElement).toBe(group));
    await userEvent.click(within(group).getByRole('button', { name: de['mfa.disable.cancel'] }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: de['mfa.disable'] })));
    expect(fake.auth.mfa.unenroll).not.toHaveBeenCalled();
  });

  it('confirmed, it removes all factors, says so and starts a new set-up', async () => {
    fake.setFactors([
      { id: 'factor-1', status: 'verified' },
      { id: 'factor-2', status: 'unverified' },
    ]);
    renderView();
    await userEvent.click(await screen.findByRole('button', { name: de['mfa.disable'] }));
    await userEvent.click(screen.getByRole('button', { name: de['mfa.disable.confirm'] }));
    await waitFor(() => expect(notified()).toEqual(['success:mfa.disabled']));
    expect(fake.auth.mfa.unenroll.mock.calls.map(([p]) => p.factorId)).toEqual(['factor-2', 'factor-1']);
    expect(await screen.findByRole('img', { name: de['mfa.qrAlt'] })).toBeTruthy();
  });

  it('a failed disable shows the network error and stays enabled', async () => {
    fake.auth.mfa.unenroll.mockResolvedValueOnce(failed(fetchError()));
    renderView();
    await userEvent.click(await screen.findByRole('button', { name: de['mfa.disable'] }));
    await userEvent.click(screen.getByRole('button', { name: de['mfa.disable.confirm'] }));
    await waitFor(() => expect(notified()).toEqual(['danger:account.error.network']));
    expect(screen.getByText(de['mfa.enabled'])).toBeTruthy();
  });
});

describe('groupSecret', () => {
  it('cuts the secret into blocks of 4 for reading aloud', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(groupSecret(' AB CD ')).toBe('ABCD');
    expect(groupSecret('')).toBe('');
  });
});
