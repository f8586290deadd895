import type { Ref } from 'react';
import { Msg } from '../../i18n/msg';
import { TextField } from '../../ui/form/text-field';

interface CodeFieldProps {
  name?: string;
  value: string;
  onChange: (value: string) => void;
  errorId?: string | null;
  errorValues?: Record<string, string | number>;
  hintId?: string;
  hintValues?: Record<string, string | number>;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  labelId?: string;
}

/**
 * The 6-digit code of an authenticator app or an e-mail (spec §5, §9): a numeric keyboard
 * on phones, the browser may fill it from an SMS-like prompt (one-time-code); spaces as in
 * "123 456" are allowed and removed by the schema.
 */
export function CodeField({ name = 'code', value, onChange, errorId, errorValues, hintId, hintValues, disabled, inputRef, labelId = 'account.code.label' }: CodeFieldProps) {
  return (
    <TextField
      name={name}
      label={<Msg id={labelId} />}
      hint={hintId ? <Msg id={hintId} values={hintValues} /> : undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      errorId={errorId}
      errorValues={errorValues}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      spellCheck={false}
      className="field--code"
      disabled={disabled}
      inputRef={inputRef}
    />
  );
}
