import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'aria-invalid' | 'aria-describedby'> {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  errorId?: string | null | undefined;
}

/** A labelled multi-line text with hint and error, tied as in TextField. */
export function TextAreaField({ name, label, hint, errorId, className, rows = 4, ...input }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} errorId={errorId} className={className}>
      {(control) => <textarea {...input} {...control} name={name} rows={rows} className="field__input field__textarea" />}
    </FieldFrame>
  );
}
