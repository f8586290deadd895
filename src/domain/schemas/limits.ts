// Limits used by the form schemas (and by the UI to show them): the §9 constants of
// src/domain/constants.ts, plus the plausibility ranges that only the forms need.
import {
  AMOUNT_MAX,
  AMOUNT_MAX_SINGLE_USE,
  AMOUNT_MIN,
  CARD_NUMBER_LENGTH,
  CARD_PREFIX,
  CODE_LENGTH,
  DESCRIPTION_MIN,
  NAME_MIN,
  PASSWORD_MIN,
} from '../constants';

export const limits = {
  passwordMin: PASSWORD_MIN,
  codeLength: CODE_LENGTH,
  cardLength: CARD_NUMBER_LENGTH,
  cardPrefix: CARD_PREFIX,
  zipLength: 4,
  contactNameMin: NAME_MIN,
  sendAllDescriptionMin: DESCRIPTION_MIN,
  amountMin: AMOUNT_MIN,
  amountMax: AMOUNT_MAX,
  singleUseAmountMax: AMOUNT_MAX_SINGLE_USE,
  // Not in the spec: plausibility ranges chosen here (kg, cm).
  weightKg: { min: 1, max: 400 },
  sizeCm: { min: 30, max: 250 },
  // Not in the spec: earliest birthday accepted.
  birthdayMin: '1900-01-01',
  // The plan's period times: a wall-clock time 'HH:MM' (00:00-23:59), as <input type="time"> gives it.
  timeOfDay: /^([01]\d|2[0-3]):[0-5]\d$/u,
} as const;
