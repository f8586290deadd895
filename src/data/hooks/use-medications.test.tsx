// @vitest-environment happy-dom
// A new query keeps the last answer on screen until its own arrives (as Dexie's useLiveQuery),
// unless the caller makes one document of the answer (the eMediplan code: its units must be
// those of the codes asked now, not of the codes asked before).
import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Medication } from '../../domain/entities';
import { localDb } from '../local/local-db';
import { useMedications } from './use-medications';

const med = (pharmacode: number, qtyu: string) => ({ pharmacode, prdno: null, dscrd: `M${pharmacode}`, dscrf: null, nincd: 10, qty: 30, qtyu, sloplus: null }) as Medication;

beforeEach(async () => {
  const db = localDb();
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.medications.bulkPut([med(1001, 'Stk'), med(1002, 'ml')]);
});

describe('useMedications', () => {
  it('keeps the last answer while the next codes are read; stale: false shows none that is not theirs', async () => {
    const seen: Array<{ stale: string | undefined; own: string | undefined }> = [];
    const show = (m: ReadonlyMap<number, Medication> | undefined) => (m === undefined ? undefined : [...m.keys()].join(','));
    const { rerender } = renderHook(
      ({ codes }: { codes: number[] }) => {
        const stale = useMedications(codes);
        const own = useMedications(codes, undefined, { stale: false });
        seen.push({ stale: show(stale), own: show(own) });
      },
      { initialProps: { codes: [1001] } },
    );
    await waitFor(() => expect(seen.at(-1)).toEqual({ stale: '1001', own: '1001' }));
    seen.length = 0;
    rerender({ codes: [1001, 1002] });
    // the render with the new codes: the old answer, or nothing
    expect(seen[0]).toEqual({ stale: '1001', own: undefined });
    await waitFor(() => expect(seen.at(-1)).toEqual({ stale: '1001,1002', own: '1001,1002' }));
    expect(seen.some((s) => s.own === '1001')).toBe(false);
  });
});
