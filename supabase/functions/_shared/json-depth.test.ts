// issue 37 item 8: the nesting of a JSON text, read before parsing it.
import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonNestsDeeperThan', () => {
  it.each([
    ['a scalar', '42', 0],
    ['an empty object', '{}', 1],
    ['objects in arrays', '[{"a":[1,{"b":{}}]}]', 5],
    ['brackets inside strings do not count', '{"a":"[[[[{{{{"}', 1],
    ['an escaped quote does not end the string', '{"a":"\\"[[[["}', 1],
    ['an escaped backslash before the closing quote', '{"a":"\\\\","b":[[]]}', 3],
    ['siblings do not add up', '[[1],[2],[[3]]]', 3],
  ])('%s: depth %d', (_, text, depth) => {
    expect(jsonNestsDeeperThan(text, depth)).toBe(false);
    expect(jsonNestsDeeperThan(text, depth - 1)).toBe(depth > 0);
    expect(() => JSON.parse(text)).not.toThrow();
  });

  it(`${MAX_JSON_DEPTH} levels pass, one more does not; 100,000 are found at once`, () => {
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestsDeeperThan(`{"summary":${nested(100_000)}}`)).toBe(true);
  });
});
