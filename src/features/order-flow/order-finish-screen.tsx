import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DELIVERY_DAYS, ORDER_COMMENT_MAX, PROBONS_PER_DELIVERY } from '../../domain/constants';
import { paths } from '../../domain/paths';
import { orderFinishSchema } from '../../domain/schemas/order-finish';
import { Msg } from '../../i18n/msg';
import { TextAreaField } from '../../ui/form/text-area-field';
import { useValidatedForm } from '../../ui/form/use-validated-form';
import { reasonText } from '../../domain/reason-text';
import { AddressLines, InsuranceFacts, ProductLines, QuestionnaireFacts, SettingsFacts, SummarySection } from './finish-sections';
import type { AddressSummary, InsuranceSummary, QuestionnaireSummary, Setting } from './finish-summary';
import type { FinishLine } from './select-rows';
import './order-flow.css';

export interface OrderFinishScreenProps {
  lines: readonly FinishLine[];
  address: AddressSummary;
  questionnaire: QuestionnaireSummary | null;
  insurance: InsuranceSummary | null;
  settings: Record<Setting, boolean>;
  /** the comment the order carries now (the draft's, else the settings' standing comment) */
  comment: string;
  /** the patient edits the comment: kept in the draft as typed */
  onComment: (comment: string) => void;
  /** the server refused the order just sent: its code (what to correct); the order is kept */
  refusal: string | null;
  onFinish: (comment: string) => Promise<void>;
}

/**
 * /order/orderfinish (spec §2): the summary — products with quantities, address, questionnaire,
 * insurance, settings — each with a link to its step, a free comment (at most ORDER_COMMENT_MAX
 * characters, as the order RPC), and the finish button.
 */
export function OrderFinishScreen({ lines, address, questionnaire, insurance, settings, comment, onComment, refusal, onFinish }: OrderFinishScreenProps) {
  const form = useValidatedForm();
  const [text, setText] = useState(comment);
  const refusalRef = useRef<HTMLDivElement>(null);
  // a refusal takes the focus: what to correct is read first
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.sending) return;
    const output = form.check(orderFinishSchema, { comment: text });
    if (!output) return;
    form.setSending(true);
    try {
      await onFinish(output.comment);
    } finally {
      form.setSending(false);
    }
  };

  return (
    <section className="page order-flow order-finish" aria-labelledby="order-finish-title">
      <h1 id="order-finish-title">
        <Msg id="title.orderFinish" />
      </h1>
      {refusal ? (
        <div role="alert" className="notice notice--danger order-finish__refusal" tabIndex={-1} ref={refusalRef}>
          <p>
            <strong>
              <Msg id="order.finish.refused" />
            </strong>
          </p>
          <p>
            <Msg id={reasonText(refusal)} />
          </p>
        </div>
      ) : null}
      <SummarySection titleId="order.finish.products" href={paths.orderSelect.href()}>
        <ProductLines lines={lines} />
      </SummarySection>
      <SummarySection titleId="order.finish.address" href={paths.orderAddress.href()}>
        <AddressLines summary={address} />
      </SummarySection>
      <SummarySection titleId="order.finish.questionnaire" href={paths.orderQuestionnaire.href()}>
        <QuestionnaireFacts summary={questionnaire} />
      </SummarySection>
      <SummarySection titleId="order.finish.insurance" href={paths.orderInsurance.href({ isOrder: true })}>
        <InsuranceFacts summary={insurance} />
      </SummarySection>
      <SummarySection titleId="order.finish.settings" href={paths.orderSettings.href()}>
        <SettingsFacts settings={settings} />
      </SummarySection>
      <form ref={form.formRef} className="form order-finish__form" noValidate onSubmit={onSubmit}>
        <TextAreaField
          name="comment"
          label={<Msg id="order.finish.comment" />}
          hint={<Msg id="order.finish.commentHint" values={{ max: ORDER_COMMENT_MAX }} />}
          maxLength={ORDER_COMMENT_MAX}
          value={text}
          errorId={form.errors.comment}
          onChange={(e) => {
            setText(e.target.value);
            form.clearError('comment');
            onComment(e.target.value);
          }}
        />
        <p className="order-finish__promise">
          <Msg id="order.finish.promise" values={{ min: DELIVERY_DAYS.min, max: DELIVERY_DAYS.max, probons: PROBONS_PER_DELIVERY }} />
        </p>
        <div className="form__actions">
          <button type="submit" className="button button--primary order-finish__submit" disabled={form.sending}>
            <Msg id={form.sending ? 'order.finish.sending' : 'order.finish.submit'} />
          </button>
        </div>
        <p className="visually-hidden" role="status">
          {form.sending ? <Msg id="order.finish.sending" /> : null}
        </p>
      </form>
    </section>
  );
}
