import type { SentEPrescription } from '../../../../data/hooks/use-eprescriptions';
import { prescriberOf } from '../../../../domain/emediplan/e-prescription-summary';
import { Msg, useMsg } from '../../../../i18n/msg';
import { reasonText } from '../../../../domain/reason-text';
import { useCalendarDate } from '../../../../ui/use-calendar-date';

/** The e-prescriptions the patient sent, newest first: whose (named as the preview names it), of when, and how far each got. */
export function SentEPrescriptions({ items, headingId }: { items: readonly SentEPrescription[]; headingId: string }) {
  const formatDate = useCalendarDate();
  const t = useMsg();
  if (items.length === 0) return null;
  return (
    <section className="eprescription-sent" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Msg id="ePrescription.list.title" />
      </h2>
      <ul>
        {items.map((rx) => (
          <li key={rx.rxId}>
            <p>
              <Msg
                id="ePrescription.list.item"
                values={{ doctor: prescriberOf(rx.summary.doctor) ?? t('ePrescription.summary.doctorUnknown'), date: formatDate(rx.summary.date), count: rx.summary.medicaments?.length ?? 0 }}
              />
            </p>
            <p className="eprescription-sent__state">
              {rx.refused && rx.refused !== 'conflict' ? (
                <Msg id={reasonText(rx.refused)} />
              ) : (
                <Msg id={rx.pending ? 'ePrescription.list.waiting' : 'ePrescription.list.sent'} values={{ date: formatDate(rx.sentAt) }} />
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
