// What a failed send means (docs/architecture.md, 3 Write: backoff for transient failures; a permanent
// failure — validation, RLS — is kept and shown; an expired session waits for the sign-in).
import { describe, expect, it } from 'vitest';
import { backoffDelay, BACKOFF_MAX_MS } from './backoff';
import { functionCode, restCode, verdictOf } from './classify';

describe('verdictOf', () => {
  it.each([
    [0, 'transient'],
    [408, 'transient'],
    [429, 'transient'],
    [500, 'transient'],
    [502, 'transient'],
    [503, 'transient'],
    [401, 'session'],
    [400, 'rejected'],
    [403, 'rejected'],
    [404, 'rejected'],
    [409, 'rejected'],
    [422, 'rejected'],
  ] as const)('%i -> %s', (status, verdict) => expect(verdictOf(status)).toBe(verdict));
});

describe('restCode', () => {
  it.each([
    [403, 'PT403', 'personal_data_locked', 'personal_data_locked'],
    [403, '42501', 'new row violates row-level security policy', 'forbidden'],
    [409, '23503', 'insert or update violates foreign key', 'conflict'],
    [400, '23514', 'new row violates check constraint', 'invalid'],
    [401, 'PGRST303', 'JWT expired', 'session_expired'],
    [0, '', 'TypeError: fetch failed', 'network'],
    [503, 'PGRST002', 'schema cache', 'server'],
    [429, '', '', 'rate_limited'],
  ] as const)('%i %s -> %s', (status, code, message, expected) => expect(restCode(status, code, message)).toBe(expected));
});

describe('functionCode', () => {
  it('takes the handler\'s machine code; the gateway\'s 401 is an expired session', () => {
    expect(functionCode(422, { error: 'not_prescribed', message: '…' })).toBe('not_prescribed');
    expect(functionCode(409, { error: 'setup_incomplete' })).toBe('setup_incomplete');
    expect(functionCode(401, { msg: 'Invalid JWT' })).toBe('session_expired');
    expect(functionCode(404, 'Function not found')).toBe('not_found');
    expect(functionCode(500, { code: 'WORKER_ERROR' })).toBe('server');
  });
});

describe('backoffDelay', () => {
  it('1 s doubling per failure up to 5 min, at most (random 1)', () => {
    expect([1, 2, 3, 4, 9, 10, 30].map((n) => backoffDelay(n, () => 1))).toEqual([1000, 2000, 4000, 8000, 256_000, BACKOFF_MAX_MS, BACKOFF_MAX_MS]);
  });

  it('jitter keeps it between half and all of that', () => {
    expect(backoffDelay(3, () => 0)).toBe(2000);
    expect(backoffDelay(3, () => 0.5)).toBe(3000);
    expect(backoffDelay(20, () => 0)).toBe(BACKOFF_MAX_MS / 2);
  });
});

describe('a form rule the server keeps (spec §5)', () => {
  it('a 400 check violation names its rule (the UI turns it into the field\'s message)', () => {
    const message = 'new row for relation "webshop_customer_address" violates check constraint "webshop_customer_address_phone_format"';
    expect(restCode(400, '23514', message)).toBe('webshop_customer_address_phone_format');
    // a check the app does not know: the general words
    expect(restCode(400, '23514', 'new row for relation "x" violates check constraint "y"')).toBe('invalid');
  });
});
