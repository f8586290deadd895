import { useRef, useState } from 'react';
import type { GenericSchema, InferOutput } from 'valibot';
import { validate, type FieldErrors } from '../../domain/schemas/validate';
import { useFocusFirstInvalid } from './use-focus-first-invalid';

/** A field's text from a submitted form ('' when absent). */
export const formText = (data: FormData, name: string): string => String(data.get(name) ?? '');

/**
 * What every form shares: its errors (message ids by field, spec §5), whether it is sending,
 * and `check`, which validates with the form's schema, shows the errors and moves focus to
 * the first invalid field — or clears them and returns the cleaned values.
 */
export function useValidatedForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);

  /** Errors from elsewhere (e.g. the server's answer), shown like the schema's. */
  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    focusFirstInvalid();
  };

  function check<const TSchema extends GenericSchema>(schema: TSchema, input: unknown): InferOutput<TSchema> | null {
    const checked = validate(schema, input);
    if (!checked.success) {
      showErrors(checked.errors);
      return null;
    }
    setErrors({});
    return checked.output;
  }

  return { formRef, errors, sending, setSending, check, showErrors };
}
