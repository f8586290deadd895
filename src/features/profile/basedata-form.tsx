import { useState, type FormEvent } from 'react';
import { addressWithPhoneSchema, type AddressWithPhoneOutput } from '../../domain/schemas/address';
import { baseDataWithAddressSchema } from '../../domain/schemas/base-data';
import { Msg } from '../../i18n/msg';
import { useValidatedForm } from '../../ui/form/use-validated-form';
import { notify } from '../../ui/notifications/notification-store';
import { reasonText } from '../../ui/reason-text';
import { AddressFields } from './address-fields';
import {
  addressSave,
  addressValues,
  hasProfile,
  personalValues,
  sameAddress,
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
  /** null: the address is unchanged */
  address: AddressSave | null;
}

export interface BaseDataFormProps {
  customer: CustomerFields | null;
  /** the latest address (highest id) */
  address: StoredAddress | null;
  /** yyyy-mm-dd: the birthday must lie before it */
  today: string;
  /** an edit is still waiting to be sent (sync state) */
  pending?: boolean;
  /** saves through the outbox commands; resolves once stored locally, with null or the command's error code */
  onSave: (change: BaseDataChange) => Promise<string | null>;
}

/**
 * /profile/basedata (spec §5): personal data (saved only while no first name is set) and
 * address with phone in one form, checked with the shared schemas, each error at its field.
 */
export function BaseDataForm({ customer, address, today, pending = false, onSave }: BaseDataFormProps) {
  const locked = hasProfile(customer);
  const form = useValidatedForm();
  const [personal, setPersonal] = useState<PersonalValues>(() => personalValues(customer));
  const [addr, setAddr] = useState<AddressValues>(() => addressValues(address));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.sending) return;
    let personalOut: PersonalSave | null = null;
    let addressOut: AddressWithPhoneOutput;
    if (locked) {
      const output = form.check(addressWithPhoneSchema, addr);
      if (!output) return;
      addressOut = output;
    } else {
      const output = form.check(baseDataWithAddressSchema(today), { ...personal, ...addr });
      if (!output) return;
      const { first_name, last_name, birthday, gender, ...rest } = output;
      personalOut = { first_name, last_name, birthday, gender };
      addressOut = rest;
    }
    const nextAddress = addressSave(addressOut);
    const change: BaseDataChange = {
      personal: personalOut,
      address: sameAddress(address, nextAddress) ? null : nextAddress,
    };
    if (!change.personal && !change.address) {
      notify('info', 'profile.basedata.unchanged');
      return;
    }
    form.setSending(true);
    try {
      const code = await onSave(change);
      if (code === null) {
        setAddr(addressValues(nextAddress));
        notify('success', 'profile.basedata.saved');
      } else {
        notify('danger', reasonText(code));
        if (code === 'personal_data_locked') form.showErrors({ first_name: reasonText(code) });
      }
    } catch {
      notify('danger', 'profile.basedata.saveFailed');
    } finally {
      form.setSending(false);
    }
  };

  return (
    <form ref={form.formRef} className="form profile-form" noValidate onSubmit={onSubmit}>
      <PersonalFields
        values={personal}
        errors={form.errors}
        locked={locked}
        onChange={(name, value) => {
          setPersonal((v) => ({ ...v, [name]: value }));
          form.clearError(name);
        }}
      />
      <AddressFields
        values={addr}
        errors={form.errors}
        onChange={(name, value) => {
          setAddr((v) => ({ ...v, [name]: value }));
          form.clearError(name);
        }}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={form.sending}>
          <Msg id={form.sending ? 'profile.basedata.saving' : 'profile.basedata.save'} />
        </button>
        <p className="profile-pending" role="status">
          {pending ? <Msg id="profile.basedata.pending" /> : null}
        </p>
      </div>
    </form>
  );
}
