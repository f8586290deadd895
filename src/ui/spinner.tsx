import { Msg } from '../i18n/msg';

/** spec §2: "While loading, a spinner is shown." Announced politely to screen readers. */
export function Spinner() {
  return (
    <div className="spinner" role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">
        <Msg id="app.loading" />
      </span>
    </div>
  );
}
