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
  /** newest first; optionally only mails to one address (case-insensitive) */
  list(to?: string): Mail[];
  clear(): void;
}

export function createMailbox(limit = 500): Mailbox {
  const mails: Mail[] = [];
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
  };
}
