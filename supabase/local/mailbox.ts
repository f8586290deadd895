// Outgoing mail of the local stack (sign-up, reset link, e-mail change code, partner mail).
// Nothing leaves the machine: mails are kept in memory for the mailbox page and its JSON
// endpoint (served by the HTTP server under /mailbox).
import { randomUUID } from 'node:crypto';

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  createdAt: string;
}

export interface Mailbox {
  send(mail: Omit<Mail, 'id' | 'createdAt'>): Promise<Mail>;
  /**
   * Runs `work` (which may send mails) once `after` has resolved (an answer was sent) and the
   * work handed in before it has finished; failures go to `onError`. For answers that must not
   * wait for a mail, nor share the thread with it.
   */
  later(work: () => Promise<void>, onError: (error: unknown) => void, after?: Promise<void>): void;
  /** resolves once the work handed to `later` so far has finished (the mailbox page, stop, tests) */
  settled(): Promise<void>;
  /** newest first; optionally only mails to one address (case-insensitive) */
  list(to?: string): Mail[];
  clear(): void;
}

export function createMailbox(limit = 500): Mailbox {
  const mails: Mail[] = [];
  // one after another, so two resets in a row store and mail their tokens in that order
  let queue: Promise<void> = Promise.resolve();
  return {
    async send(mail) {
      const stored: Mail = { ...mail, id: randomUUID(), createdAt: new Date().toISOString() };
      mails.unshift(stored);
      mails.length = Math.min(mails.length, limit);
      return stored;
    },
    list(to) {
      return to ? mails.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : [...mails];
    },
    clear() {
      mails.length = 0;
    },
    later(work, onError, after) {
      queue = queue
        .then(() => after)
        .then(work)
        .catch(onError);
    },
    async settled() {
      // work handed in while waiting joins the queue: wait until it stops growing
      for (let seen = queue; ; seen = queue) {
        await seen;
        if (seen === queue) return;
      }
    },
  };
}
