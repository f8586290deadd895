import { Msg } from '../../i18n/msg';

/** spec §1: prescriptions are accepted only from doctors or by post, never by e-mail from patients (Swiss law). */
export function PrescriptionRuleNotice() {
  return (
    <div className="public-notice" role="note">
      <p>
        <strong className="public-notice__label">
          <Msg id="public.rxRule.noticeTitle" />
        </strong>{' '}
        <Msg id="public.rxRule.notice" />
      </p>
    </div>
  );
}
