// @vitest-environment happy-dom
// spec §5 Base data, Address, Phone; §3 "Personal data can be changed only through support once
// a profile exists"; §8 success notice for saving base data.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import { TestProviders } from '../../i18n/test-providers';
import { notifications } from '../notifications/notification-store';
import { BaseDataForm, type BaseDataFormProps } from './basedata-form';
import type { CustomerFields, StoredAddress } from './basedata-values';
import { PHARMACY } from '../pharmacy';
import { allSlices } from '../all-slices';

const TODAY = '2026-03-10';
const PROFILE: CustomerFields = { first_name: 'Sandra', last_name: 'Meier', birthday: '1958-04-12', gender: 2 };
const NO_PROFILE: CustomerFields = { first_name: null, last_name: null, birthday: null, gender: null };
const ADDRESS: StoredAddress = { street: 'Bahnhofstrasse', street_nr: '12', address2: '2. Stock', zip: '8500', city: 'Frauenfeld', phone: '0791234567' };

const notified = () => notifications.list().map((n) => `${n.kind}:${n.messageId}`);
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((e) => e?.classList.contains('field__error'))
    ?.textContent?.replace(/^!/, '') ?? null;
const save = () => userEvent.click(screen.getByRole('button', { name: de['profile.basedata.save'] }));

async function renderForm(props: Partial<BaseDataFormProps> = {}) {
  const onSave = vi.fn<BaseDataFormProps['onSave']>(async () => ({ state: 'sent' }));
  render(
    <TestProviders>
      <BaseDataForm customer={PROFILE} address={ADDRESS} today={TODAY} onSave={onSave} {...props} />
    </TestProviders>,
  );
  await allSlices();
  return onSave;
}

async function retype(label: string, value: string) {
  const el = input(label);
  await userEvent.clear(el);
  if (value) await userEvent.type(el, value);
}

beforeEach(() => notifications.list().forEach((n) => notifications.dismiss(n.id)));

describe('BaseDataForm personal data', () => {
  it('once a profile exists: fields disabled, filled in, and a note names the support contacts', async () => {
    await renderForm();
    for (const [label, value] of [
      [de['profile.field.firstName'], 'Sandra'],
      [de['profile.field.lastName'], 'Meier'],
      [de['profile.field.birthday'], '12.04.1958'],
    ] as const) {
      expect(input(label).disabled).toBe(true);
      expect(input(label).value).toBe(value);
    }
    const radios = within(screen.getByRole('group', { name: de['profile.field.gender'] })).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => [r.disabled, r.checked])).toEqual([
      [true, false],
      [true, true],
      [true, false],
    ]);
    expect(screen.getByRole('link', { name: PHARMACY.phone }).getAttribute('href')).toBe(PHARMACY.phoneHref);
    expect(screen.getByRole('link', { name: PHARMACY.email }).getAttribute('href')).toBe(`mailto:${PHARMACY.email}`);
    // the address stays editable
    expect(input(de['profile.field.street']).disabled).toBe(false);
  });

  it('without a profile: editable, no support note; every field is required', async () => {
    const onSave = await renderForm({ customer: NO_PROFILE, address: null });
    expect(input(de['profile.field.firstName']).disabled).toBe(false);
    expect(screen.queryByRole('link', { name: PHARMACY.phone })).toBeNull();
    await save();
    for (const label of ['firstName', 'lastName', 'birthday', 'street', 'streetNr', 'zip', 'city', 'phone']) {
      expect(errorOf(input(de[`profile.field.${label}` as keyof typeof de])), label).toBe(de['validation.required']);
    }
    expect(errorOf(input(de['profile.field.address2']))).toBeNull();
    const radios = within(screen.getByRole('group', { name: de['profile.field.gender'] })).getAllByRole('radio');
    expect(errorOf(radios[0] as HTMLElement)).toBe(de['validation.required']);
    // the first invalid field gets the focus
    await waitFor(() => expect(document.activeElement).toBe(input(de['profile.field.firstName'])));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('without a profile: saves the personal data and the address, cleaned', async () => {
    const onSave = await renderForm({ customer: NO_PROFILE, address: null });
    await userEvent.type(input(de['profile.field.firstName']), '  Anna ');
    await userEvent.type(input(de['profile.field.lastName']), 'Muster');
    await userEvent.type(input(de['profile.field.birthday']), '1970-01-31');
    await userEvent.click(screen.getByRole('radio', { name: de['gender.others'] }));
    await userEvent.type(input(de['profile.field.street']), 'Rosenweg');
    await userEvent.type(input(de['profile.field.streetNr']), '3a');
    await userEvent.type(input(de['profile.field.zip']), '8400');
    await userEvent.type(input(de['profile.field.city']), 'Winterthur');
    await userEvent.type(input(de['profile.field.phone']), '052 123 45 67');
    await save();
    expect(onSave).toHaveBeenCalledWith({
      personal: { first_name: 'Anna', last_name: 'Muster', birthday: '1970-01-31', gender: 3 },
      address: { street: 'Rosenweg', street_nr: '3a', address2: null, zip: '8400', city: 'Winterthur', phone: '0521234567' },
    });
    await waitFor(() => expect(notified()).toEqual(['success:profile.basedata.saved']));
  });

  it('a birthday in the future is refused', async () => {
    await renderForm({ customer: { ...NO_PROFILE, first_name: '' }, address: ADDRESS });
    await userEvent.type(input(de['profile.field.birthday']), '2026-03-10');
    await save();
    expect(errorOf(input(de['profile.field.birthday']))).toBe(de['validation.birthdayPast']);
  });
});

describe('BaseDataForm address and phone', () => {
  // spec §5 "Phone: required; spaces removed; must be 0 followed by nine digits"
  it.each([
    ['079 123 45 6', 'validation.phone'],
    ['+49 30 1234567', 'validation.phone'],
    ['1791234567', 'validation.phone'],
    ['', 'validation.required'],
  ] as const)('phone %j: %s', async (phone, messageId) => {
    const onSave = await renderForm();
    await retype(de['profile.field.phone'], phone);
    await save();
    expect(errorOf(input(de['profile.field.phone']))).toBe(de[messageId]);
    expect(input(de['profile.field.phone']).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(input(de['profile.field.phone'])));
    expect(onSave).not.toHaveBeenCalled();
  });

  // spec §5 "Address: street, street number, zip, city required; zip numeric; address line 2 optional"
  it.each(['85OO', '850', 'CH-8500'])('zip %j must be numeric (four digits)', async (zip) => {
    const onSave = await renderForm();
    await retype(de['profile.field.zip'], zip);
    await save();
    expect(errorOf(input(de['profile.field.zip']))).toBe(de['validation.zip']);
    expect(onSave).not.toHaveBeenCalled();
  });

  it.each(['street', 'streetNr', 'city'])('%s is required', async (label) => {
    await renderForm();
    await retype(de[`profile.field.${label}` as keyof typeof de], '   ');
    await save();
    expect(errorOf(input(de[`profile.field.${label}` as keyof typeof de]))).toBe(de['validation.required']);
  });

  it('an error goes once the field is edited', async () => {
    await renderForm();
    await retype(de['profile.field.city'], '');
    await save();
    expect(errorOf(input(de['profile.field.city']))).toBe(de['validation.required']);
    await userEvent.type(input(de['profile.field.city']), 'B');
    expect(errorOf(input(de['profile.field.city']))).toBeNull();
  });

  // field-level: only what the patient changed goes out, so an edit of another field elsewhere is kept
  it('saves only the changed address fields (a profile exists), phone without spaces, empty line 2 as null', async () => {
    const onSave = await renderForm();
    await retype(de['profile.field.street'], ' Marktgasse ');
    await retype(de['profile.field.address2'], '');
    await retype(de['profile.field.phone'], '079 765 43 21');
    await save();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith({
      personal: null,
      address: { street: 'Marktgasse', address2: null, phone: '0797654321' },
    });
    await waitFor(() => expect(notified()).toEqual(['success:profile.basedata.saved']));
    expect(input(de['profile.field.phone']).value).toBe('0797654321');
  });

  it('nothing changed: nothing saved, and it says so', async () => {
    const onSave = await renderForm();
    await retype(de['profile.field.phone'], '079 123 45 67');
    await save();
    expect(onSave).not.toHaveBeenCalled();
    expect(notified()).toEqual(['info:profile.basedata.unchanged']);
  });

  it('a failed local save shows an error notice', async () => {
    await renderForm({ onSave: vi.fn(async () => Promise.reject(new Error('quota'))) });
    await retype(de['profile.field.city'], 'Bern');
    await save();
    await waitFor(() => expect(notified()).toEqual(['danger:profile.basedata.saveFailed']));
  });

  // the command's refusal reaches the form as its code: the patient reads what to do
  it('a refusal of the command shows its reason, not a generic failure', async () => {
    await renderForm({ customer: NO_PROFILE, address: null, onSave: vi.fn(async () => ({ state: 'refused' as const, code: 'personal_data_locked' })) });
    await userEvent.type(screen.getByLabelText(de['profile.field.firstName']), 'Nina');
    await userEvent.type(screen.getByLabelText(de['profile.field.lastName']), 'Neu');
    fireEvent.change(screen.getByLabelText(de['profile.field.birthday']), { target: { value: '1980-02-03' } });
    await userEvent.click(screen.getByRole('radio', { name: de['gender.female'] }));
    for (const [label, value] of [
      ['profile.field.street', 'Rosenweg'],
      ['profile.field.streetNr', '3'],
      ['profile.field.zip', '8400'],
      ['profile.field.city', 'Winterthur'],
      ['profile.field.phone', '0521234567'],
    ] as const)
      await userEvent.type(screen.getByLabelText(de[label]), value);
    await save();
    await waitFor(() => expect(notified()).toEqual(['danger:sync.reason.personalDataLocked']));
    const first = screen.getByLabelText(de['profile.field.firstName']);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(first.getAttribute('aria-describedby') ?? '')?.textContent).toContain(de['sync.reason.personalDataLocked']);
  });

  // honest feedback: "saved" only once the pharmacy has it
  it('stored on this device but waiting: says so, with the reason', async () => {
    await renderForm({ onSave: vi.fn(async () => ({ state: 'waiting' as const, code: 'network', nextAttemptAt: null })) });
    await retype(de['profile.field.city'], 'Bern');
    await save();
    await waitFor(() => expect(notified()).toEqual(['info:save.waiting.offline']));
  });

  it('says when an edit is still waiting to be sent', async () => {
    await renderForm({ pending: true });
    expect(screen.getByRole('status').textContent).toBe(de['profile.basedata.pending']);
  });
});
