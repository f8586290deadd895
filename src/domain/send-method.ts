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
