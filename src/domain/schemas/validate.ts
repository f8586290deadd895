// Runs a form schema and returns either its output or one message id per field, so a form
// can show each message next to its field.
import * as v from 'valibot';
import type { MessageId } from './messages';

/** Dotted field path ('email', 'medications.1234567'); '' holds form-level issues. */
export type FieldErrors = Record<string, MessageId>;

export type ValidationResult<TOutput> =
  | { success: true; output: TOutput }
  | { success: false; errors: FieldErrors };

export function validate<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): ValidationResult<v.InferOutput<TSchema>> {
  const result = v.safeParse(schema, input);
  if (result.success) return { success: true, output: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '';
    // The schemas only ever use ids of messages.ts as messages (messages.test.ts checks it).
    errors[path] ??= issue.message as MessageId;
  }
  return { success: false, errors };
}
