import { useState, type FormEvent } from 'react';
import type { OrderAddress } from '../../domain/entities';
import { addressSchema } from '../../domain/schemas/address';
import { Msg } from '../../i18n/msg';
import { CheckboxField } from '../../ui/form/checkbox-field';
import { useValidatedForm } from '../../ui/form/use-validated-form';
import { AddressFields } from '../../ui/profile-forms/address-fields';
import '../../ui/profile-forms/profile-forms.css';

type Values = Record<keyof OrderAddress, string>;

const valuesOf = (a: OrderAddress | null): Values => ({
  street: a?.street ?? '',
  street_nr: a?.street_nr ?? '',
  address2: a?.address2 ?? '',
  zip: a?.zip ?? '',
  city: a?.city ?? '',
});

export interface OrderAddressFormProps {
  /** what the form starts with: the draft's address, else the profile's latest */
  initial: OrderAddress | null;
  /** the draft holds an address of its own (offer to go back to the profile's) */
  ownAddress: boolean;
  /** the cleaned address; `alsoProfile`: the patient asked to store it in the profile too */
  onSave: (address: OrderAddress, alsoProfile: boolean) => Promise<void>;
  onUseProfile: () => Promise<void>;
}

/**
 * spec §2 /order/address: street, number, line 2, zip, city (spec §5 Address) for this order
 * only; the profile keeps its address unless the patient ticks the box.
 */
export function OrderAddressForm({ initial, ownAddress, onSave, onUseProfile }: OrderAddressFormProps) {
  const form = useValidatedForm();
  const [values, setValues] = useState<Values>(() => valuesOf(initial));
  const [alsoProfile, setAlsoProfile] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.sending) return;
    const output = form.check(addressSchema, values);
    if (!output) return;
    form.setSending(true);
    try {
      await onSave({ ...output, address2: output.address2 || null }, alsoProfile);
    } finally {
      form.setSending(false);
    }
  };

  return (
    <form ref={form.formRef} className="form profile-form" noValidate onSubmit={onSubmit}>
      <p>
        <Msg id="order.address.intro" />
      </p>
      <AddressFields
        values={values}
        errors={form.errors}
        withPhone={false}
        legendId="order.address.legend"
        onChange={(name, value) => {
          setValues((v) => ({ ...v, [name]: value }));
          form.clearError(name);
        }}
      />
      <CheckboxField name="alsoProfile" checked={alsoProfile} onChange={(e) => setAlsoProfile(e.target.checked)} label={<Msg id="order.address.alsoProfile" />} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={form.sending}>
          <Msg id="profile.saveAndBack" />
        </button>
        {ownAddress ? (
          <button type="button" className="button button--secondary" disabled={form.sending} onClick={() => void onUseProfile()}>
            <Msg id="order.address.useProfile" />
          </button>
        ) : null}
      </div>
    </form>
  );
}
