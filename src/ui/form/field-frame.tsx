import { useId, type ReactNode } from 'react';
import { FieldError } from './field-error';
import './form.css';

/** What a control inside the frame carries so its label, hint and error are read with it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode | undefined;
  /** message id of the field's error, or nothing */
  errorId?: string | null | undefined;
  errorValues?: Record<string, string | number> | undefined;
  className?: string | undefined;
  /** the control, given the props that tie it to the label, the hint and the error */
  children: (control: FieldControlProps) => ReactNode;
  /** shown between the control and the error (e.g. a combobox's live count) */
  after?: ReactNode;
}

/**
 * The frame every labelled field shares (text, multi-line, combobox): label, optional hint,
 * the control, and the error under it — tied with aria-describedby and aria-invalid, so a
 * screen reader reads hint and error on focus.
 */
export function FieldFrame({ label, hint, errorId, errorValues, className, children, after }: FieldFrameProps) {
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
      {children({ id, 'aria-invalid': errorId ? true : undefined, 'aria-describedby': describedBy })}
      {after}
      {errorId && errorElementId ? <FieldError id={errorElementId} messageId={errorId} values={errorValues} /> : null}
    </div>
  );
}
