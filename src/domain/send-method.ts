// Prescription send method (spec §4 Prescription send method, §2 /prescriptions/add):
// which question the flow asks next, and the espace partner list.
import { ESPACE_PARTNERS, type EspacePartner, type EspacePartnerType } from './constants.ts';
import type { AdditionalInfo } from './entities.ts';

/**
 * choose: no method yet, the chooser shows;
 * sendAsap: a method is set but send_asap not yet answered, the yes/no question shows;
 * done: both answered.
 */
export type SendMethodStage = 'choose' | 'sendAsap' | 'done';

export function sendMethodStage(info: Pick<AdditionalInfo, 'prescription_send_method' | 'send_asap'> | null | undefined): SendMethodStage {
  if (!info?.prescription_send_method) return 'choose';
  return info.send_asap === null || info.send_asap === undefined ? 'sendAsap' : 'done';
}

/** Espace needs a partner location; post and email need doctor and practice names. */
export const needsLocation = (method: AdditionalInfo['prescription_send_method']): boolean => method === 'espace';
export const needsDoctor = (method: AdditionalInfo['prescription_send_method']): boolean =>
  method === 'post' || method === 'email';

export const espacePartnersOfType = (type: EspacePartnerType): EspacePartner[] =>
  ESPACE_PARTNERS.filter((p) => p.type === type);

export const espacePartnerById = (id: string | null | undefined): EspacePartner | null =>
  ESPACE_PARTNERS.find((p) => p.id === id) ?? null;

/** What the send-method screen knows of a sent e-prescription (src/data: the mirror's rows). */
export interface SentPrescriptionState {
  /** when it reached the server (while it waits on the device: when it was sent there) */
  sentAt: string;
  pending: boolean;
  refused: string | null;
}

/**
 * Whether to say "announced, not yet arrived" (spec §4 Awaiting: a send method set, handled
 * false) — one status, not that above an e-prescription that is at the pharmacy (issue 38).
 * Sending an e-prescription marks the latest announcement unhandled too, so it is the
 * e-prescription's when the way is the e-prescription, or when one reached the pharmacy at or
 * after the announcement was made: the list of e-prescriptions says where each stands. An
 * announcement not yet on the server (no created_at) is the newest.
 */
export function isAnnouncedNotArrived(
  info: (Pick<AdditionalInfo, 'prescription_send_method' | 'handled'> & { created_at?: string | null }) | null | undefined,
  sent: readonly SentPrescriptionState[],
): boolean {
  if (!info?.prescription_send_method || info.handled) return false;
  if (info.prescription_send_method === 'eprescription') return false;
  const announced = info.created_at ? Date.parse(info.created_at) : Number.NaN;
  if (Number.isNaN(announced)) return true;
  return !sent.some((rx) => !rx.pending && rx.refused === null && Date.parse(rx.sentAt) >= announced);
}
