// @vitest-environment happy-dom
// Long lists (issue 23: 200 prescriptions, 500 orders) render their first screenful at once and
// the rest in a deferred render (issue 36: React's own); the figures of the long tasks are in
// npm run bench:browser.
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_ROWS, useProgressiveList } from './use-progressive-list';

const list = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);

describe('useProgressiveList', () => {
  it('a short list comes whole in the first render', () => {
    const seen: number[] = [];
    renderHook(() => seen.push(useProgressiveList(list(FIRST_ROWS)).length));
    expect(seen[0]).toBe(FIRST_ROWS);
  });

  it('a long list: its first screenful in the first render, then all of it', async () => {
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const shown = useProgressiveList(list(500));
      seen.push(shown.length);
      return shown;
    });
    expect(seen[0]).toBe(FIRST_ROWS);
    await waitFor(() => expect(result.current).toHaveLength(500));
    expect(result.current.at(-1)).toBe(499);
    // the first screenful, then the whole list: nothing in between
    expect(seen.filter((n, i) => n !== seen[i - 1])).toEqual([FIRST_ROWS, 500]);
  });

  it('once complete, a change shows at once; another key starts over with its first screenful', async () => {
    const seen: Array<readonly number[]> = [];
    const { result, rerender } = renderHook(({ rows, key }) => {
      const shown = useProgressiveList(rows, { key });
      seen.push(shown);
      return shown;
    }, { initialProps: { rows: list(100), key: 'active' } });
    await waitFor(() => expect(result.current).toHaveLength(100));
    seen.length = 0;
    rerender({ rows: list(101), key: 'active' });
    expect(seen.map((s) => s.length)).toEqual([101]);
    seen.length = 0;
    rerender({ rows: list(300, 1000), key: 'finished' });
    expect(seen[0]).toHaveLength(FIRST_ROWS);
    expect(seen[0]![0]).toBe(1000);
    await waitFor(() => expect(result.current).toHaveLength(300));
  });

  it('a list complete at its first render shows a later row at once', async () => {
    const { result, rerender } = renderHook(({ rows }) => useProgressiveList(rows), { initialProps: { rows: list(5) } });
    await act(async () => {});
    rerender({ rows: list(FIRST_ROWS + 10) });
    expect(result.current).toHaveLength(FIRST_ROWS + 10);
  });

  it('whole: everything at once (an order asked for by its number is focused in the list)', () => {
    const { result } = renderHook(() => useProgressiveList(list(500), { whole: true }));
    expect(result.current).toHaveLength(500);
  });
});
