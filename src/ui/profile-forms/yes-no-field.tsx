import { useId } from 'react';
import { Msg } from '../../i18n/msg';
import { FieldError } from '../form/field-error';

/** A yes/no question as one radio group with its error (null: not answered yet). */
export function YesNoField({
  name,
  legend,
  value,
  onChange,
  errorId,
  yesId = 'form.yes',
  noId = 'form.no',
}: {
  name: string;
  legend: string;
  value: boolean | null;
  onChange: (value: boolean) => void;
  errorId?: string | null | undefined;
  yesId?: string;
  noId?: string;
}) {
  const id = useId();
  const errorElementId = errorId ? `${id}-error` : undefined;
  return (
    <fieldset className="field profile-radios" aria-describedby={errorElementId}>
      <legend className="field__label">{legend}</legend>
      <div className="profile-radios__options">
        {([true, false] as const).map((option) => (
          <label key={String(option)} className="profile-radios__option">
            <input
              type="radio"
              name={name}
              value={option ? 'yes' : 'no'}
              checked={value === option}
              onChange={() => onChange(option)}
              aria-invalid={errorId ? true : undefined}
              aria-describedby={errorElementId}
            />
            <Msg id={option ? yesId : noId} />
          </label>
        ))}
      </div>
      {errorId && errorElementId ? <FieldError id={errorElementId} messageId={errorId} /> : null}
    </fieldset>
  );
}
