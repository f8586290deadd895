import { describe, expect, it } from 'vitest';
import { msg } from './messages';
import { refillLeadSchema } from './refill-lead';
import { validate } from './validate';

// the column's check: refill_lead_days between 1 and 60 (20261125001100_patient_plan_settings.sql)
describe('refillLeadSchema', () => {
  it.each([
    ['1', 1],
    ['60', 60],
    [' 14 ', 14],
    [10, 10],
  ])('%s -> %i', (input, days) => {
    const result = validate(refillLeadSchema, { refill_lead_days: input });
    expect(result.success && result.output).toEqual({ refill_lead_days: days });
  });

  it.each([
    ['', msg.required],
    ['abc', msg.number],
    ['0', msg.refillLeadRange],
    ['61', msg.refillLeadRange],
    ['7.5', msg.refillLeadRange],
  ])('%j -> %s', (input, message) => {
    const result = validate(refillLeadSchema, { refill_lead_days: input });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.errors.refill_lead_days).toBe(message);
  });
});
