import { describe, expect, it } from 'vitest';
import { latestById } from './latest-by-id.ts';

describe('latestById', () => {
  // spec §4 Profile setup: the latest records are the ones with the highest id
  it.each([
    [null, null],
    [undefined, null],
    [[], null],
    [[{ id: 4 }], 4],
    [[{ id: 2 }, { id: 10 }, { id: 9 }], 10],
    [[{ id: 10 }, { id: 2 }], 10],
  ])('%j -> %j', (rows, id) => {
    expect(latestById(rows)?.id ?? null).toBe(id);
  });
});
