import { useIntl } from 'react-intl';
import type { FormErrors } from '../form/use-validated-form';
import { Msg } from '../../i18n/msg';
import { TextField } from '../form/text-field';
import type { PersonalValues } from './basedata-values';
import { GenderField } from './gender-field';
import { PHARMACY } from '../pharmacy';

/**
 * Personal data (spec §5 Base data): first name, last name, birthday, gender. Once a profile
 * exists the fields are disabled and a note says that changes go through support.
 */
export function PersonalFields({
  values,
  errors,
  locked,
  onChange,
}: {
  values: PersonalValues;
  errors: FormErrors;
  locked: boolean;
  onChange: (field: keyof PersonalValues, value: string) => void;
}) {
  const intl = useIntl();
  const field = (name: keyof PersonalValues) => ({
    name,
    value: values[name],
    disabled: locked,
    required: !locked,
    errorId: locked ? null : errors[name],
    onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
  });
  return (
    <fieldset className="profile-fieldset" disabled={locked}>
      <legend className="profile-fieldset__legend">
        <Msg id="profile.basedata.personal" />
      </legend>
      {locked ? (
        <p className="notice notice--info">
          <Msg
            id="profile.basedata.supportNote"
            values={{
              phone: <a href={PHARMACY.phoneHref}>{PHARMACY.phone}</a>,
              email: <a href={`mailto:${PHARMACY.email}`}>{PHARMACY.email}</a>,
            }}
          />
        </p>
      ) : null}
      <div className="profile-grid">
        <TextField {...field('first_name')} autoComplete="given-name" label={<Msg id="profile.field.firstName" />} />
        <TextField {...field('last_name')} autoComplete="family-name" label={<Msg id="profile.field.lastName" />} />
      </div>
      {/* read only, the date is written in the language's format (a date input shows the browser's) */}
      <TextField
        {...field('birthday')}
        {...(locked ? { value: birthdayText(values.birthday, intl.formatDate) } : { type: 'date', autoComplete: 'bday' })}
        className="profile-field--date"
        label={<Msg id="profile.field.birthday" />}
      />
      {locked ? (
        <GenderField value={values.gender} onChange={() => {}} disabled />
      ) : (
        <GenderField value={values.gender} onChange={(v) => onChange('gender', v)} errorId={errors.gender} />
      )}
    </fieldset>
  );
}

/** '1958-04-12' as 12.04.1958 (de-CH, fr-CH); anything else as it is. */
function birthdayText(iso: string, formatDate: (d: Date, o: Intl.DateTimeFormatOptions) => string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return formatDate(day, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
}
