import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldFrame } from './field-frame';

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
  return (
    <FieldFrame label={label} hint={hint} errorId={errorId} errorValues={errorValues} className={className}>
      {(control) => <input {...input} {...control} ref={inputRef} name={name} type={type} className="field__input" />}
    </FieldFrame>
  );
}
