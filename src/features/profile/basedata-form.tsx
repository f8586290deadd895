import { useRef, useState, type FormEvent } from 'react';
import { addressWithPhoneSchema } from '../../domain/schemas/address';
import { baseDataSchema } from '../../domain/schemas/base-data';
import { validate, type FieldErrors } from '../../domain/schemas/validate';
import { Msg } from '../../i18n/msg';
import { useFocusFirstInvalid } from '../../ui/form/use-focus-first-invalid';
import { notify } from '../../ui/notifications/notification-store';
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
  /** saves through the outbox commands; resolves once stored locally */
  onSave: (change: BaseDataChange) => Promise<void>;
}

/**
 * /profile/basedata (spec §5): personal data (saved only while no first name is set) and
 * address with phone in one form, checked with the shared schemas, each error at its field.
 */
export function BaseDataForm({ customer, address, today, pending = false, onSave }: BaseDataFormProps) {
  const locked = hasProfile(customer);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [personal, setPersonal] = useState<PersonalValues>(() => personalValues(customer));
  const [addr, setAddr] = useState<AddressValues>(() => addressValues(address));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const clearError = (name: string) =>
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _, ...rest } = current;
      return rest;
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const personalResult = locked ? null : validate(baseDataSchema(today), personal);
    const addressResult = validate(addressWithPhoneSchema, addr);
    const found: FieldErrors = {
      ...(personalResult && !personalResult.success ? personalResult.errors : {}),
      ...(!addressResult.success ? addressResult.errors : {}),
    };
    setErrors(found);
    if (!addressResult.success || (personalResult && !personalResult.success)) {
      focusFirstInvalid();
      return;
    }
    const nextAddress = addressSave(addressResult.output);
    const change: BaseDataChange = {
      personal: personalResult ? personalResult.output : null,
      address: sameAddress(address, nextAddress) ? null : nextAddress,
    };
    if (!change.personal && !change.address) {
      notify('info', 'profile.basedata.unchanged');
      return;
    }
    setBusy(true);
    try {
      await onSave(change);
      setAddr(addressValues(nextAddress));
      notify('success', 'profile.basedata.saved');
    } catch {
      notify('danger', 'profile.basedata.saveFailed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="form profile-form" noValidate onSubmit={onSubmit}>
      <PersonalFields
        values={personal}
        errors={errors}
        locked={locked}
        onChange={(name, value) => {
          setPersonal((v) => ({ ...v, [name]: value }));
          clearError(name);
        }}
      />
      <AddressFields
        values={addr}
        errors={errors}
        onChange={(name, value) => {
          setAddr((v) => ({ ...v, [name]: value }));
          clearError(name);
        }}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          <Msg id={busy ? 'profile.basedata.saving' : 'profile.basedata.save'} />
        </button>
        <p className="profile-pending" role="status">
          {pending ? <Msg id="profile.basedata.pending" /> : null}
        </p>
      </div>
    </form>
  );
}
