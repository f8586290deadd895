// The notice after a save (spec §8 success notices), honest about where the change is:
// - the pharmacy's server has it: the form's success notice ("Ihre Angaben wurden gespeichert");
// - stored on this device and waiting: an info notice with the reason (no connection, the
//   server failing for now — with the time of the next try —, the session to be renewed);
// - refused: the reason's message (reason-text.ts).
// The shell confirms quietly once everything waiting has reached the server (src/app/sync).
import { notify } from './notifications/notification-store';
import { reasonText } from '../domain/reason-text';

/** What the data layer says of a saved change (src/data/outbox/delivery.ts), as the UI needs it. */
export type SaveDelivery =
  | { state: 'sent' }
  | { state: 'refused'; code: string }
  | { state: 'waiting'; code: string | null; nextAttemptAt: number | null };

/** The message id and values of a waiting change: why it waits. */
export function waitingMessage(delivery: Extract<SaveDelivery, { state: 'waiting' }>): { id: string; values?: Record<string, string | number> } {
  if (delivery.code === 'network') return { id: 'save.waiting.offline' };
  if (delivery.code === 'session_expired') return { id: 'save.waiting.session' };
  if (delivery.code && delivery.nextAttemptAt) return { id: 'save.waiting.server', values: { time: delivery.nextAttemptAt } };
  return { id: 'save.waiting.sending' };
}

/** Raises the notice for a save that was stored on this device. */
export function notifySaved(delivery: SaveDelivery, successId: string): void {
  if (delivery.state === 'sent') notify('success', successId);
  else if (delivery.state === 'refused') notify('danger', reasonText(delivery.code));
  else {
    const { id, values } = waitingMessage(delivery);
    notify('info', id, values);
  }
}
