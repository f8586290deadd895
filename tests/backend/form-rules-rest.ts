// Rows of form-rules.test.ts through the REST API (not a test file): whose rows a table's case
// writes, a complete row to update, reading rows back with the service key, and what a refusal
// by a form rule looks like.
import { expect } from 'vitest';
import { serverRuleOf, type ServerRuleName, type ServerRuleTable } from '../../src/domain/server-rules.ts';
import { serviceClient, type SignedUpPatient } from '../setup/clients.ts';
import { BASE, type Row } from './form-rules-cases.ts';
import { must, type Eq, type Patient } from './fixtures.ts';

const svc = () => serviceClient();

export interface Owner {
  patient: SignedUpPatient;
  /** the columns that make a row the patient's */
  owner: Row;
  /** all of the patient's rows of the table */
  all: Eq;
}

/** `withProfile` writes the list tables; `noProfile` its own customer row, anew for each case. */
export function restRows(withProfile: Patient, noProfile: SignedUpPatient) {
  const ownerOf = (table: ServerRuleTable): Owner =>
    table === 'webshop_customers'
      ? { patient: noProfile, owner: { id: noProfile.userId }, all: ['id', noProfile.userId] }
      : { patient: withProfile, owner: { customer_id: withProfile.userId }, all: ['customer_id', withProfile.userId] };

  const withoutCustomerRow = async () => expect((await svc().from('webshop_customers').delete().eq('id', noProfile.userId)).error).toBeNull();

  /** A complete, valid row of the table, written by the pharmacy: the row a case updates. */
  async function baseRow(table: ServerRuleTable, extra: Row = {}): Promise<Eq> {
    if (table === 'webshop_customers') await withoutCustomerRow();
    const row = must(await svc().from(table).insert({ ...ownerOf(table).owner, ...BASE[table], ...extra }).select().single(), `base row of ${table}`) as Row;
    return table === 'webshop_customers' ? ['id', noProfile.userId] : ['id', row.id];
  }

  return { ownerOf, withoutCustomerRow, baseRow };
}

export type RestRows = ReturnType<typeof restRows>;

/** One row as stored, read with the service key. */
export const stored = async (table: string, [column, value]: Eq): Promise<Row> => must(await svc().from(table).select('*').eq(column, value).single(), `${table} row`) as Row;

/** Stored as written (numbers of numeric columns come back as numbers or numeric text). */
const same = (actual: unknown, expected: unknown): boolean =>
  Array.isArray(expected)
    ? Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => same(actual[i], e))
    : typeof expected === 'number'
      ? Number(actual) === expected
      : actual === expected;

export function expectStored(row: Row, fields: Row): void {
  for (const [column, value] of Object.entries(fields)) expect(same(row[column], value), `${column}: ${JSON.stringify(row[column])?.slice(0, 80)}`).toBe(true);
}

interface Answer {
  status: number;
  error: { code?: string; message: string } | null;
}

/** 400 (never 500), SQLSTATE 23514, and the message names the rule. */
export function expectRefused(res: Answer, rule: ServerRuleName): void {
  expect([res.status, res.error?.code], res.error?.message).toEqual([400, '23514']);
  expect(serverRuleOf(res.error?.message ?? '')?.name).toBe(rule);
}
