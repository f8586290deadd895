// Usage events of spec §7 ("failed login, send-method reset, onboarding, password change,
// prescription location, order finish, password-reset request, and a page view"). They are
// not product behaviour, so for now this is a no-op hook that the callers already use; a
// poster can send the events (e.g. to an edge function) without touching them.
export type UsageEvent =
  | 'failedLogin'
  | 'passwordResetRequest'
  | 'passwordChange'
  | 'sendMethodReset'
  | 'onboarding'
  | 'prescriptionLocation'
  | 'orderFinish'
  | 'pageView';

export type UsageData = Readonly<Record<string, string | number | boolean | null>>;

type Sink = (event: UsageEvent, data: UsageData) => void;

let sink: Sink = () => {};

/** Records a usage event. Never throws and never waits: usage tracking must not break a flow. */
export function trackUsage(event: UsageEvent, data: UsageData = {}): void {
  try {
    sink(event, data);
  } catch {
    // tracking is best effort
  }
}

/** Replaces where events go (tests, a poster). Returns the previous sink. */
export function setUsageSink(next: Sink): Sink {
  const previous = sink;
  sink = next;
  return previous;
}
