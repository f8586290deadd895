import type { FormErrors } from '../form/use-validated-form';
import { Msg } from '../../i18n/msg';
import { TextField } from '../form/text-field';
import type { AddressValues } from './basedata-values';

/**
 * Address and phone (spec §5 Address, Phone): street, number, line 2, zip, city, phone. The
 * order flow's delivery address (spec §2 /order/address) leaves the phone out and names its
 * own legend.
 */
export function AddressFields({
  values,
  errors,
  onChange,
  withPhone = true,
  legendId = 'profile.basedata.address',
}: {
  values: Omit<AddressValues, 'phone'> & Partial<Pick<AddressValues, 'phone'>>;
  errors: FormErrors;
  onChange: (field: keyof AddressValues, value: string) => void;
  withPhone?: boolean;
  legendId?: string;
}) {
  const field = (name: keyof AddressValues, required = true) => ({
    name,
    value: values[name] ?? '',
    required,
    errorId: errors[name],
    onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
  });
  return (
    <fieldset className="profile-fieldset">
      <legend className="profile-fieldset__legend">
        <Msg id={legendId} />
      </legend>
      <div className="profile-grid profile-grid--street">
        <TextField {...field('street')} label={<Msg id="profile.field.street" />} />
        <TextField {...field('street_nr')} label={<Msg id="profile.field.streetNr" />} />
      </div>
      <TextField {...field('address2', false)} autoComplete="address-line2" label={<Msg id="profile.field.address2" />} />
      <div className="profile-grid profile-grid--zip">
        <TextField {...field('zip')} inputMode="numeric" autoComplete="postal-code" label={<Msg id="profile.field.zip" />} />
        <TextField {...field('city')} autoComplete="address-level2" label={<Msg id="profile.field.city" />} />
      </div>
      {withPhone ? (
        <TextField
          {...field('phone')}
          type="tel"
          autoComplete="tel-national"
          label={<Msg id="profile.field.phone" />}
          hint={<Msg id="profile.field.phoneHint" />}
        />
      ) : null}
    </fieldset>
  );
}
