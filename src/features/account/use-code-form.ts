import { useRef, useState, type FormEvent } from 'react';
import { validate } from '../../domain/schemas/validate';
import { twoFactorCodeSchema } from '../../domain/schemas/two-factor-code';
import { useFocusFirstInvalid } from '../../ui/form/use-focus-first-invalid';

/**
 * State of a one-field code form: the value, its error (a message id, from the schema or
 * the server), a busy flag, and a submit handler that validates before calling `send`.
 */
export function useCodeForm(send: (code: string) => Promise<void>) {
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [code, setCode] = useState('');
  const [errorId, setErrorId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = validate(twoFactorCodeSchema, { code });
    if (!checked.success) {
      setErrorId(checked.errors.code ?? null);
      focusFirstInvalid();
      return;
    }
    setErrorId(null);
    setBusy(true);
    try {
      await send(checked.output.code);
    } finally {
      setBusy(false);
    }
  };

  /** A server answer about the code: show it at the field, empty it and focus it. */
  const rejectCode = (id: string) => {
    setCode('');
    setErrorId(id);
    focusFirstInvalid();
  };

  const onChange = (value: string) => {
    setCode(value);
    if (errorId) setErrorId(null);
  };

  return { formRef, code, onChange, errorId, busy, onSubmit, rejectCode, reset: () => onChange('') };
}
