import { useMemo, type FormEvent } from 'react';
import { addressWithPhoneSchema, type AddressWithPhoneOutput } from '../../domain/schemas/address';
import { baseDataSchema, baseDataWithAddressSchema } from '../../domain/schemas/base-data';
import { Msg } from '../../i18n/msg';
import { useRecordForm } from '../form/use-record-form';
import { useValidatedForm } from '../form/use-validated-form';
import { notify } from '../notifications/notification-store';
import { reasonText } from '../../domain/reason-text';
import { notifySaved, type SaveDelivery } from '../save-feedback';
import { useSlices } from '../use-slices';
import { AddressFields } from './address-fields';
import './profile-forms.css';
import {
  addressSave,
  addressValues,
  hasProfile,
  personalValues,
  sameStoredText,
  type AddressSave,
  type AddressValues,
  type CustomerFields,
  type PersonalSave,
  type PersonalValues,
  type StoredAddress,
} from './basedata-values';
import { PersonalFields } from './personal-fields';

export interface BaseDataChange {
  /** null: not saved (a profile exists already, spec §5) */
  personal: PersonalSave | null;
  /** the address fields the patient changed (all of them for a first address); null: none */
  address: Partial<AddressSave> | null;
}

export interface BaseDataFormProps {
  customer: CustomerFields | null;
  /** the latest address (highest id) */
  address: StoredAddress | null;
  /** yyyy-mm-dd: the birthday must lie before it */
  today: string;
  /** an edit is still waiting to be sent (sync state) */
  pending?: boolean;
  /** saves through the outbox commands; resolves once stored on this device, with how far the change got */
  onSave: (change: BaseDataChange) => Promise<SaveDelivery>;
  /** which part the form shows: both (the profile page), or one (onboarding steps 1 and 2) */
  part?: 'all' | 'personal' | 'address';
  /** after a save that was not refused */
  onSaved?: () => void;
  /** message id of the submit button */
  submitId?: string;
}

/**
 * /profile/basedata (spec §5): personal data (saved only while no first name is set) and
 * address with phone in one form, checked with the shared schemas, each error at its field.
 */
export function BaseDataForm({ customer, address, today, pending = false, onSave, part = 'all', onSaved, submitId = 'profile.basedata.save' }: BaseDataFormProps) {
  const locked = hasProfile(customer);
  const withPersonal = part !== 'address';
  const withAddress = part !== 'personal';
  const form = useValidatedForm();
  // with both parts: the personal fields first, the address and the actions in the next frame (a layout of its own)
  const later = useSlices(2, { first: 1, perFrame: 1 }) > 1 || !withPersonal || !withAddress;
  const personal = useRecordForm<PersonalValues>(useMemo(() => personalValues(customer), [customer]));
  const addr = useRecordForm<AddressValues>(useMemo(() => addressValues(address), [address]));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.sending) return;
    let personalOut: PersonalSave | null = null;
    let addressOut: AddressWithPhoneOutput | null = null;
    if (locked || !withPersonal) {
      if (withAddress) {
        const output = form.check(addressWithPhoneSchema, addr.values);
        if (!output) return;
        addressOut = output;
      }
    } else if (!withAddress) {
      const output = form.check(baseDataSchema(today), personal.values);
      if (!output) return;
      personalOut = output;
    } else {
      const output = form.check(baseDataWithAddressSchema(today), { ...personal.values, ...addr.values });
      if (!output) return;
      const { first_name, last_name, birthday, gender, ...rest } = output;
      personalOut = { first_name, last_name, birthday, gender };
      addressOut = rest;
    }
    const nextAddress = addressOut ? addressSave(addressOut) : null;
    // a first address is written whole; a stored one only in the fields the patient changed
    const changedAddress = nextAddress && address ? addr.changed(nextAddress, sameStoredText) : nextAddress;
    const change: BaseDataChange = {
      personal: personalOut,
      address: changedAddress && Object.keys(changedAddress).length ? changedAddress : null,
    };
    if (!change.personal && !change.address) {
      notify('info', 'profile.basedata.unchanged');
      onSaved?.();
      return;
    }
    form.setSending(true);
    try {
      const delivery = await onSave(change);
      if (delivery.state !== 'refused' && nextAddress) addr.saved(addressValues(nextAddress));
      notifySaved(delivery, 'profile.basedata.saved');
      if (delivery.state !== 'refused') onSaved?.();
      if (delivery.state === 'refused' && delivery.code === 'personal_data_locked') form.showErrors({ first_name: reasonText(delivery.code) });
    } catch {
      notify('danger', 'profile.basedata.saveFailed');
    } finally {
      form.setSending(false);
    }
  };

  return (
    <form ref={form.formRef} className="form profile-form" noValidate onSubmit={onSubmit}>
      {withPersonal ? (
        <PersonalFields
          values={personal.values}
          errors={form.errors}
          locked={locked}
          onChange={(name, value) => {
            personal.set(name, value);
            form.clearError(name);
          }}
        />
      ) : null}
      {withAddress && later ? (
        <AddressFields
          values={addr.values}
          errors={form.errors}
          onChange={(name, value) => {
            addr.set(name, value);
            form.clearError(name);
          }}
        />
      ) : null}
      {later ? (
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={form.sending}>
            <Msg id={form.sending ? 'profile.basedata.saving' : submitId} />
          </button>
          <p className="profile-pending" role="status">
            {pending ? <Msg id="profile.basedata.pending" /> : null}
          </p>
        </div>
      ) : null}
    </form>
  );
}
