// The supply of one patient as the screens read it: the forecasts of the active prescriptions
// and the dashboard's prompts, from what the mirror holds (prescriptions with created_at, the
// order tree, the dose marks, the prescribed medications' details). One place, so the
// dashboard's card and the dates on /prescriptions never disagree.
import type { DoseMark } from '../doses/dose-mark.ts';
import type { Medication, Order, Pharmacode } from '../entities.ts';
import { refillPrompts, type RefillPrompts } from './refill-prompts.ts';
import { allForecasts, supplyForecaster, type ForecastPrescription, type SupplyForecast, type SupplyForecaster } from './supply-forecast.ts';

export interface PatientSupplyInput {
  prescriptions: readonly ForecastPrescription[];
  orders: readonly Order[];
  marks: readonly DoseMark[];
  /** the prescribed medications' details by pharmacode (qty: units per pack; missing: unknown) */
  medications: ReadonlyMap<Pharmacode, Pick<Medication, 'qty'>>;
  now: Date;
  /** days ahead a product counts as running low (refill-prompts.ts REFILL_LEAD_DAYS when absent) */
  leadDays?: number;
}

export interface PatientSupply {
  forecasts: SupplyForecast[];
  prompts: RefillPrompts;
}

/** The forecasts alone, one prescription at a time (what /prescriptions shows, row by row): the prompts' work left out. */
export function patientForecaster(input: Omit<PatientSupplyInput, 'leadDays'>): SupplyForecaster {
  const packSizes = new Map<Pharmacode, number | null>();
  for (const [pharmacode, medication] of input.medications) packSizes.set(Number(pharmacode), medication.qty);
  return supplyForecaster({ prescriptions: input.prescriptions, orders: input.orders, marks: input.marks, packSizes, now: input.now });
}

export function patientSupply(input: PatientSupplyInput): PatientSupply {
  const forecasts = allForecasts(patientForecaster(input));
  const prompts = refillPrompts(forecasts, input.prescriptions, input.orders, { now: input.now, leadDays: input.leadDays });
  return { forecasts, prompts };
}
