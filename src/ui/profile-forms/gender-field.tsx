import { useId } from 'react';
import { GENDER_CODES, GENDER_LABEL } from '../../domain/gender';
import { Msg } from '../../i18n/msg';
import { FieldError } from '../form/field-error';

/** spec §3/§9 gender: 1 male, 2 female, 3 other, as one radio group with its error. */
export function GenderField({
  value,
  onChange,
  errorId,
  disabled = false,
}: {
  value: string;
  onChange: (value: string) => void;
  errorId?: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const errorElementId = errorId ? `${id}-error` : undefined;
  return (
    <fieldset className="field profile-radios" aria-describedby={errorElementId}>
      <legend className="field__label">
        <Msg id="profile.field.gender" />
      </legend>
      <div className="profile-radios__options">
        {GENDER_CODES.map((code) => (
          <label key={code} className="profile-radios__option">
            <input
              type="radio"
              name="gender"
              value={String(code)}
              checked={value === String(code)}
              onChange={() => onChange(String(code))}
              disabled={disabled}
              required={!disabled}
              aria-invalid={errorId ? true : undefined}
              aria-describedby={errorElementId}
            />
            <Msg id={GENDER_LABEL[code]} />
          </label>
        ))}
      </div>
      {errorId && errorElementId ? <FieldError id={errorElementId} messageId={errorId} /> : null}
    </fieldset>
  );
}
