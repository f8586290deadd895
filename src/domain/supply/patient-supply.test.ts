import { describe, expect, it } from 'vitest';
import type { Order } from '../entities.ts';
import { patientForecaster, patientSupply } from './patient-supply.ts';
import type { ForecastPrescription } from './supply-forecast.ts';

// Wednesday 20 May 2026, 13:00 in Zurich
const NOW = new Date('2026-05-20T13:00:00+02:00');
const rx = (id: number, medication_id: number): ForecastPrescription => ({ id, medication_id, dosage: [1, 0, 0, 0], expires_at: '2026-12-31', single_use: false, used: false });
const delivered = (id: number, pharmacode: number, day: string): Order => ({
  id,
  created_at: `${day}T10:00:00+02:00`,
  customer_id: 'c1',
  parent: null,
  status: 100,
  children: [],
  webshop_order_item: [{ id: id * 10, pharmacode, amount: 1 }],
  delivery_nr: null,
  delivery_method: null,
  comment: null,
});

describe('the supply of a patient', () => {
  const input = {
    prescriptions: [rx(1, 1001), rx(2, 1002), rx(3, 1003)],
    // 1001: 30 from 26 April, 25 mornings taken -> 5 left; 1002: 30 from 15 May; 1003 not in the catalogue's details
    orders: [delivered(1, 1001, '2026-04-26'), delivered(2, 1002, '2026-05-15'), delivered(3, 1003, '2026-05-15')],
    marks: [],
    medications: new Map([
      [1001, { qty: 30 }],
      [1002, { qty: 30 }],
    ]),
    now: NOW,
  };

  // spec §3 Medication qty: the pack size comes from the prescribed medications' details
  it('pack sizes from the medications, a product without details has none', () => {
    const { forecasts } = patientSupply(input);
    expect(forecasts.map((f) => (f.kind === 'forecast' ? [f.pharmacode, f.onHand] : [f.pharmacode, f.reason]))).toEqual([
      [1001, 5],
      [1002, 24],
      [1003, 'pack_size_unknown'],
    ]);
  });

  // the forecasts one row at a time (/prescriptions) are the same as the dashboard's, in whatever order they are asked
  it('the forecasts one prescription at a time equal those beside the prompts', () => {
    const forecaster = patientForecaster(input);
    const asked = [3, 1, 2].map((id) => forecaster.forecastOf(id));
    expect(forecaster.counting.map((p) => p.id)).toEqual([1, 2, 3]);
    expect([asked[1], asked[2], asked[0]]).toEqual(patientSupply(input).forecasts);
  });

  it('the default lead time of 10 days, or the patient\'s', () => {
    expect(patientSupply(input).prompts.runningLow.map((r) => r.pharmacode)).toEqual([1001]);
    expect(patientSupply({ ...input, leadDays: 30 }).prompts.runningLow.map((r) => r.pharmacode)).toEqual([1001, 1002]);
    expect(patientSupply({ ...input, leadDays: 3 }).prompts.runningLow).toEqual([]);
  });
});
