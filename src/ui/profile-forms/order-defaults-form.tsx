import { useMemo } from 'react';
import type { OrderDefaults } from '../../domain/entities';
import { ORDER_COMMENT_MAX } from '../../domain/constants';
import { orderDefaultsSchema, type OrderDefaultsOutput } from '../../domain/schemas/order-defaults';
import { Msg } from '../../i18n/msg';
import { CheckboxField } from '../form/checkbox-field';
import { TextAreaField } from '../form/text-area-field';
import type { SaveDelivery } from '../save-feedback';
import { useProfileForm } from './use-profile-form';
import './profile-forms.css';

const FLAGS = ['generic', 'substitute', 'probon', 'get_invoice'] as const;
type Flag = (typeof FLAGS)[number];

/** The delivery settings as saved (a new row each time: the latest counts, spec §3). */
export type OrderDefaultsSave = Omit<OrderDefaultsOutput, 'comment'> & { comment: string | null };

/** The form's values: the four permissions as booleans, the comment as typed. */
type Values = Record<Flag, boolean> & { comment: string };

export function orderDefaultsValues(stored: Pick<OrderDefaults, Flag | 'comment'> | null): Values {
  return {
    generic: stored?.generic === true,
    substitute: stored?.substitute === true,
    probon: stored?.probon === true,
    get_invoice: stored?.get_invoice === true,
    comment: stored?.comment ?? '',
  };
}

const toSave = (o: OrderDefaultsOutput): OrderDefaultsSave => ({ ...o, comment: o.comment || null });
const toValues = (s: OrderDefaultsSave): Partial<Values> => ({ ...orderDefaultsValues(s) });

export interface OrderDefaultsFormProps {
  /** the latest order defaults; null: none yet */
  stored: Pick<OrderDefaults, Flag | 'comment'> | null;
  /** insert-only: always the whole set */
  onSave: (all: OrderDefaultsSave) => Promise<SaveDelivery>;
  onSaved?: () => void;
  submitId?: string;
}

/** Delivery settings (spec §3 order defaults): generics, substitutes, probons, invoice, a comment for orders. */
export function OrderDefaultsForm({ stored, onSave, onSaved, submitId = 'profile.save' }: OrderDefaultsFormProps) {
  const form = useProfileForm({
    stored: useMemo(() => orderDefaultsValues(stored), [stored]),
    // insert-only: a save is the whole set, compared with the latest to say "unchanged"
    existing: stored !== null,
    schema: orderDefaultsSchema,
    toSave,
    toValues,
    onSave: (changed) => onSave({ ...toSave(orderDefaultsValues(stored)), ...changed }),
    successId: 'profile.medication.saved',
    ...(onSaved && { onSaved }),
  });
  return (
    <form ref={form.formRef} className="form profile-form" noValidate onSubmit={form.onSubmit}>
      <fieldset className="profile-fieldset">
        <legend className="profile-fieldset__legend">
          <Msg id="profile.medication.allowed" />
        </legend>
        {FLAGS.map((flag) => (
          <CheckboxField
            key={flag}
            name={flag}
            label={<Msg id={`profile.medication.${flag}`} />}
            checked={form.values[flag]}
            onChange={(e) => form.set(flag, e.target.checked)}
          />
        ))}
      </fieldset>
      <TextAreaField
        name="comment"
        label={<Msg id="profile.medication.comment" />}
        hint={<Msg id="profile.medication.commentHint" values={{ max: ORDER_COMMENT_MAX }} />}
        maxLength={ORDER_COMMENT_MAX}
        value={form.values.comment}
        errorId={form.errors.comment}
        onChange={(e) => form.set('comment', e.target.value)}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={form.sending}>
          <Msg id={form.sending ? 'profile.basedata.saving' : submitId} />
        </button>
      </div>
    </form>
  );
}
