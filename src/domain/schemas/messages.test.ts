// Every message id of the schemas exists in both catalogues, and schemas emit nothing else.
import { readdirSync, readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import { addressWithPhoneSchema } from './address';
import { baseDataSchema } from './base-data';
import { emailChangeCodeSchema, emailChangeSchema } from './email-change';
import { insuranceSchema } from './insurance';
import { messageIds } from './messages';
import { orderSelectionSchema } from './order-selection';
import { passwordChangeSchema } from './password-change';
import { passwordResetSchema } from './password-reset';
import { phoneSchema } from './phone';
import { planTimesSchema } from './plan-times';
import { questionnaireSchema } from './questionnaire';
import { registrationSchema } from './registration';
import { sendAsapSchema, sendMethodSchema } from './send-method';
import { signInSchema } from './sign-in';
import { twoFactorCodeSchema } from './two-factor-code';

const catalogues: Record<string, Record<string, string>> = { de, fr };

describe('message ids', () => {
  it.each(Object.keys(catalogues))('all exist with a text in lang/%s.json', (lang) => {
    const missing = messageIds.filter((id) => !catalogues[lang]?.[id]?.trim());
    expect(missing).toEqual([]);
  });

  it('are used through messages.ts only (no literal ids in the schema files)', () => {
    const dir = new URL('.', import.meta.url);
    const sources = readdirSync(dir).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'messages.ts',
    );
    const literals = sources.flatMap((file) =>
      [...readFileSync(new URL(file, dir), 'utf8').matchAll(/['"`](?:validation|sendMethod|order)\.[\w.]+['"`]/gu)].map(
        (match) => `${file}: ${match[0]}`,
      ),
    );
    expect(literals).toEqual([]);
  });
});

const schemas: Record<string, v.GenericSchema> = {
  registration: registrationSchema,
  signIn: signInSchema,
  phone: phoneSchema,
  baseData: baseDataSchema('2024-06-01'),
  addressWithPhone: addressWithPhoneSchema,
  insurance: insuranceSchema(['CSS']),
  questionnaire: questionnaireSchema,
  passwordChange: passwordChangeSchema,
  emailChange: emailChangeSchema,
  emailChangeCode: emailChangeCodeSchema,
  twoFactorCode: twoFactorCodeSchema,
  passwordReset: passwordResetSchema,
  sendMethod: sendMethodSchema,
  sendAsap: sendAsapSchema,
  orderSelection: orderSelectionSchema(new Set(['1'])),
  planTimes: planTimesSchema,
};

/** An object giving `value` to every key a schema knows (one level deep). */
function filled(schema: v.GenericSchema, value: unknown): Record<string, unknown> {
  const entries = 'entries' in schema && typeof schema.entries === 'object' ? schema.entries : {};
  return Object.fromEntries(Object.keys(entries ?? {}).map((key) => [key, value]));
}

const junk: unknown[] = [undefined, null, 0, -1, 1.5, 1000, '', ' ', 'x', '-1', true, false, [], {}, [1], [1.5], ['x'], { 1: 500 }, { 1: 1.5 }, { 1: 'x' }];

describe.each(Object.entries(schemas))('%s schema', (_name, schema) => {
  it('reports only catalogue ids, whatever the input', () => {
    const inputs = [...junk, ...junk.map((value) => filled(schema, value))];
    const messages = new Set(inputs.flatMap((input) => v.safeParse(schema, input).issues?.map((i) => i.message) ?? []));
    expect([...messages].filter((message) => !(messageIds as readonly string[]).includes(message))).toEqual([]);
  });
});
