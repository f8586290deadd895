import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './form.css';
import { FieldError } from './field-error';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type' | 'aria-invalid' | 'aria-describedby'> {
  name: string;
  /** the label beside the box; may hold links (they stay separate targets) */
  label: ReactNode;
  /** message id of the field's error, or nothing */
  errorId?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

/** A large checkbox with its label and an error tied to it (aria-describedby, aria-invalid). */
export function CheckboxField({ name, label, errorId, inputRef, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorElementId = errorId ? `${id}-error` : undefined;
  return (
    <div className={`field field--checkbox${className ? ` ${className}` : ''}`}>
      <div className="field__row">
        <input
          {...input}
          ref={inputRef}
          id={id}
          name={name}
          type="checkbox"
          className="field__checkbox"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorElementId}
        />
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
      </div>
      {errorId && errorElementId ? <FieldError id={errorElementId} messageId={errorId} /> : null}
    </div>
  );
}
