import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './form.css';
import { FieldError } from './field-error';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'aria-invalid' | 'aria-describedby'> {
  name: string;
  /** the visible label (a <Msg>) */
  label: ReactNode;
  /** optional help shown under the label and read with the field */
  hint?: ReactNode;
  /** message id of the field's error (from validate() or the server), or nothing */
  errorId?: string | null;
  /** values of the error message */
  errorValues?: Record<string, string | number>;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input with hint and error: the error sits under the field, is tied to it
 * with aria-describedby and marks it aria-invalid, so a screen reader reads it on focus.
 */
export function TextField({ name, label, hint, errorId, errorValues, inputRef, type = 'text', className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorElementId = errorId ? `${id}-error` : undefined;
  const describedBy = [hintId, errorElementId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input
        {...input}
        ref={inputRef}
        id={id}
        name={name}
        type={type}
        className="field__input"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
      />
      {errorId && errorElementId ? <FieldError id={errorElementId} messageId={errorId} values={errorValues} /> : null}
    </div>
  );
}
