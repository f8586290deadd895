import { useMemo, type FormEvent } from 'react';
import type { GenericSchema, InferOutput } from 'valibot';
import { validate } from '../../domain/schemas/validate';
import { useRecordForm } from '../form/use-record-form';
import { useValidatedForm } from '../form/use-validated-form';
import { notify } from '../notifications/notification-store';
import { notifySaved, type SaveDelivery } from '../save-feedback';

export interface ProfileFormOptions<V extends object, S extends GenericSchema, P extends object> {
  /** the stored record as form values, typed per field ('' for an empty text, booleans, lists) */
  stored: V;
  /** a stored record exists: only changed fields are saved (field-level); otherwise all */
  existing: boolean;
  schema: S;
  /** the form's values as the schema's input (default: as they are) */
  toInput?: (values: V) => unknown;
  /** the schema's output as what is saved (nulls for empty optional fields) */
  toSave: (output: InferOutput<S>) => P;
  /** a saved value as the form shows it */
  toValues: (saved: P) => Partial<V>;
  /** saves through the outbox; resolves once stored on this device, with how far it got */
  onSave: (changed: Partial<P>) => Promise<SaveDelivery>;
  /** message id of the notice when the server has it (spec §8 success notices) */
  successId: string;
  /** after a save that was not refused (e.g. the order flow goes back to its finish step) */
  onSaved?: () => void;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What a save carries: the fields whose saved value differs from the stored record's, both
 * read through the form's schema (so "079 123 45 67" stored and "0791234567" typed are the same,
 * and a flag the schema clears counts as changed). A stored record the schema does not accept
 * (an older, incomplete one) is saved whole.
 */
export function changedFields<S extends GenericSchema, P extends object>(schema: S, storedInput: unknown, next: P, toSave: (output: InferOutput<S>) => P): Partial<P> {
  const base = validate(schema, storedInput);
  if (!base.success) return next;
  const before = toSave(base.output) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => !same(value, before[key]))) as Partial<P>;
}

/**
 * The shared life of a profile form (insurance, questionnaire, delivery settings, …): values
 * over the stored record field by field (useRecordForm), the schema's messages at their
 * fields with the focus on the first (useValidatedForm), only the changed fields saved, the
 * submit disabled while saving, and the honest notice of what happened (save-feedback.ts).
 */
export function useProfileForm<V extends object, S extends GenericSchema, P extends object>(o: ProfileFormOptions<V, S, P>) {
  const form = useValidatedForm();
  const record = useRecordForm<V>(useMemo(() => o.stored, [o.stored]));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.sending) return;
    const toInput = o.toInput ?? ((v: V) => v);
    const output = form.check(o.schema, toInput(record.values));
    if (!output) return;
    const next = o.toSave(output);
    const changed: Partial<P> = o.existing ? changedFields(o.schema, toInput(o.stored), next, o.toSave) : next;
    form.setSending(true);
    try {
      // whether anything is left to send is the command's to say (`unchanged`), once
      const delivery = await o.onSave(changed);
      if (delivery.state === 'refused' && delivery.code === 'unchanged') {
        notify('info', 'profile.basedata.unchanged');
        // nothing to save is no reason to stay: the onboarding or the order flow goes on
        o.onSaved?.();
        return;
      }
      if (delivery.state !== 'refused') record.saved(o.toValues(next));
      notifySaved(delivery, o.successId);
      if (delivery.state !== 'refused') o.onSaved?.();
    } catch {
      notify('danger', 'profile.basedata.saveFailed');
    } finally {
      form.setSending(false);
    }
  };

  const set = <K extends keyof V>(name: K, value: V[K]) => {
    record.set(name, value);
    form.clearError(String(name));
  };

  return { formRef: form.formRef, errors: form.errors, sending: form.sending, values: record.values, set, onSubmit };
}
