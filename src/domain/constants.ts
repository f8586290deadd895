// Business constants and limits of spec §9 (and the few numbers of §2/§5 that go with them).
import type { Language } from './entities.ts';

export const VERSION = 'v1.6.1';
export const TIME_ZONE = 'Europe/Zurich';
export const LANGUAGES: readonly Language[] = ['de', 'fr'];
export const DEFAULT_LANGUAGE: Language = 'de';
export const MOBILE_BREAKPOINT_PX = 431;

// Notifications (§2 Shell, §8)
export const NOTIFICATION_MS = 3500;
export const NOTIFICATION_STACK_PX = 30;

// Token auto-refresh (§9)
export const TOKEN_REFRESH_TICK_MS = 30_000;
/** Refresh when this many ticks or fewer remain before expiry. */
export const TOKEN_REFRESH_THRESHOLD_TICKS = 3;
export const SESSION_EXPIRY_MARGIN_MS = 10_000;
/** Refresh retries back off from this delay, doubling ... */
export const TOKEN_RETRY_BASE_MS = 200;
/** ... within this window. */
export const TOKEN_RETRY_WINDOW_MS = 30_000;

// Validation limits (§5, §9)
export const PASSWORD_MIN = 8;
/** Two-factor and e-mail change code: digits. */
export const CODE_LENGTH = 6;
export const CARD_NUMBER_LENGTH = 20;
export const CARD_PREFIX = '8075';
/** Phone: 0 followed by nine digits, spaces removed first. */
export const PHONE_PATTERN = /^0\d{9}$/;
/** Doctor and practice names. */
export const NAME_MIN = 3;
/** Send-all description. */
export const DESCRIPTION_MIN = 3;

/** Order comment: the spec gives no maximum (§9); this mirrors the webshop_order RPC check. */
export const ORDER_COMMENT_MAX = 2000;

// Amount selector (§5)
export const AMOUNT_MIN = 1;
export const AMOUNT_MAX = 99;
export const AMOUNT_MAX_SINGLE_USE = 1;

// Medication search (§5, §7)
export const SEARCH_MIN_CHARS = 5;
export const SEARCH_LIMIT = 7;
export const SEARCH_LIMIT_MORE = 40;

// Prescriptions (§4)
export const EXPIRING_DAYS = 14;

// Generics (§5, §9): savings shown only when the floored percent is above this.
export const GENERIC_SAVINGS_MIN_PERCENT = 7;
/** Deductible percent for generics ... */
export const DEDUCTIBLE_GENERIC = 10;
/** ... against originals (legal 40 instead of 10). */
export const DEDUCTIBLE_ORIGINAL = 40;

// Delivery promises (§1, §9)
export const POSTAGE = 0;
export const PROBONS_PER_DELIVERY = 2;
export const DELIVERY_DAYS = { min: 2, max: 3 } as const;
export const DELIVERY_HOURS = { min: 48, max: 72 } as const;

/** Mon to Fri, 08:00 to 17:00; weekdays as ISO numbers (1 Monday ... 7 Sunday). */
export const OPENING_HOURS = { weekdays: [1, 2, 3, 4, 5], open: '08:00', close: '17:00' } as const;

export type EspacePartnerType = 'practice' | 'pharmacy';
export interface EspacePartner {
  /** Stored as webshop_customer_additional_info.prescription_location. */
  id: string;
  type: EspacePartnerType;
  name: string;
  zip: string;
  city: string;
}

/** Cooperating partners for send method espace (§9): 7 practices and 3 pharmacies (fictional). */
export const ESPACE_PARTNERS: readonly EspacePartner[] = [
  { id: 'gz-aarepark', type: 'practice', name: 'Gesundheitszentrum Aarepark', zip: '3011', city: 'Bern' },
  { id: 'praxis-limmatquai', type: 'practice', name: 'Praxis am Limmatquai', zip: '8001', city: 'Zürich' },
  { id: 'cm-leman', type: 'practice', name: 'Centre médical du Léman', zip: '1003', city: 'Lausanne' },
  { id: 'az-rheinsprung', type: 'practice', name: 'Ärztezentrum Rheinsprung', zip: '4051', city: 'Basel' },
  { id: 'hp-pilatusblick', type: 'practice', name: 'Hausarztpraxis Pilatusblick', zip: '6003', city: 'Luzern' },
  { id: 'cm-vignes', type: 'practice', name: 'Cabinet médical des Vignes', zip: '2000', city: 'Neuchâtel' },
  { id: 'mz-saentis', type: 'practice', name: 'Medizinisches Zentrum Säntis', zip: '9000', city: 'St. Gallen' },
  { id: 'apo-zytglogge', type: 'pharmacy', name: 'Apotheke Zytglogge', zip: '3011', city: 'Bern' },
  { id: 'ph-riponne', type: 'pharmacy', name: 'Pharmacie de la Riponne', zip: '1005', city: 'Lausanne' },
  { id: 'apo-rosenberg', type: 'pharmacy', name: 'Apotheke Rosenberg', zip: '8400', city: 'Winterthur' },
];
