// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSameData } from './use-same-data';

describe('useSameData', () => {
  it('keeps the object shown while a new one holds the same data; a change gives the new one, with its unchanged parts kept', () => {
    const first = { status: 'signedIn', flags: { hasProfile: true }, rows: [{ id: 1 }] };
    const { result, rerender } = renderHook(({ value }) => useSameData(value), { initialProps: { value: first } });
    expect(result.current).toBe(first);
    rerender({ value: { status: 'signedIn', flags: { hasProfile: true }, rows: [{ id: 1 }] } });
    expect(result.current).toBe(first);
    const changed = { status: 'signedIn', flags: { hasProfile: false }, rows: [{ id: 1 }] };
    rerender({ value: changed });
    expect(result.current).not.toBe(first);
    expect(result.current.flags).toEqual({ hasProfile: false });
    expect(result.current.rows).toBe(first.rows);
  });
});
