import { Msg } from '../../i18n/msg';

/**
 * The error under a field (a message id of spec §5 or a server's answer). The caller ties it
 * to its input with aria-describedby={id} and aria-invalid, so a screen reader reads it on focus.
 */
export function FieldError({ id, messageId, values }: { id: string; messageId: string; values?: Record<string, string | number> | undefined }) {
  return (
    <p className="field__error" id={id}>
      <span className="field__error-icon" aria-hidden="true">
        !
      </span>
      <Msg id={messageId} values={values} />
    </p>
  );
}
