import { useRef, useState } from 'react';
import type { GenericSchema, InferOutput } from 'valibot';
import { validate } from '../../domain/schemas/validate';
import { useFocusFirstInvalid } from './use-focus-first-invalid';

/** A field's text from a submitted form ('' when absent). */
export const formText = (data: FormData, name: string): string => String(data.get(name) ?? '');

/** Message ids by field: the schema's (spec §5), or the server's answer placed at its field. */
export type FormErrors = Readonly<Record<string, string>>;

/**
 * What every form shares: its errors (message ids by field, spec §5), whether it is sending,
 * and `check`, which validates with the form's schema, shows the errors and moves focus to
 * the first invalid field — or clears them and returns the cleaned values.
 */
export function useValidatedForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [sending, setSending] = useState(false);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);

  /** Errors from elsewhere (e.g. the server's answer), shown like the schema's. */
  const showErrors = (next: FormErrors) => {
    setErrors(next);
    focusFirstInvalid();
  };

  /** The patient changed this field: its error goes until the next check. */
  const clearError = (name: string) =>
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _, ...rest } = current;
      return rest;
    });

  function check<const TSchema extends GenericSchema>(schema: TSchema, input: unknown): InferOutput<TSchema> | null {
    const checked = validate(schema, input);
    if (!checked.success) {
      showErrors(checked.errors);
      return null;
    }
    setErrors({});
    return checked.output;
  }

  return { formRef, errors, sending, setSending, check, showErrors, clearError };
}
