import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldError } from './field-error';
import './form.css';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'aria-invalid' | 'aria-describedby'> {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  errorId?: string | null | undefined;
}

/** A labelled multi-line text with hint and error, tied as in TextField. */
export function TextAreaField({ name, label, hint, errorId, className, rows = 4, ...input }: TextAreaFieldProps) {
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
      <textarea {...input} id={id} name={name} rows={rows} className="field__input field__textarea" aria-invalid={errorId ? true : undefined} aria-describedby={describedBy} />
      {errorId && errorElementId ? <FieldError id={errorElementId} messageId={errorId} /> : null}
    </div>
  );
}
