// @vitest-environment happy-dom
// Long lists (issue 23: 200 prescriptions, 500 orders) render their first screenful at once and
// the rest in slices, a few rows per frame (issue 36: each slice a transition, so no frame lays
// out the whole list); the figures of the long tasks are in npm run bench:browser.
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubAnimationFrames } from '../lib/frames-test-support';
import { SCREEN_WAIT_MAX_MS, screenBusy } from '../lib/screen-shown';
import { nextSlice } from './all-slices';
import { FIRST_ROWS, ROWS_PER_FRAME, useProgressiveList } from './use-progressive-list';

const list = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);

describe('useProgressiveList', () => {
  it('a short list comes whole in the first render', () => {
    const seen: number[] = [];
    renderHook(() => seen.push(useProgressiveList(list(FIRST_ROWS)).length));
    expect(seen[0]).toBe(FIRST_ROWS);
  });

  it('a long list: its first screenful in the first render, then a few rows more per frame, until all of it', async () => {
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const shown = useProgressiveList(list(20));
      seen.push(shown.length);
      return shown;
    });
    expect(seen[0]).toBe(FIRST_ROWS);
    await nextSlice();
    expect(result.current).toHaveLength(FIRST_ROWS + ROWS_PER_FRAME);
    await waitFor(() => expect(result.current).toHaveLength(20));
    expect(result.current.at(-1)).toBe(19);
    // each render one slice more, never a jump to the whole list
    const steps = seen.filter((n, i) => n !== seen[i - 1]);
    expect(steps[0]).toBe(FIRST_ROWS);
    expect(steps.slice(1).map((n, i) => n - steps[i]!).every((added) => added > 0 && added <= ROWS_PER_FRAME)).toBe(true);
    expect(steps.at(-1)).toBe(20);
  });

  it('rows still to come hold the screen (what waits for it: the data layer), the last one ends the hold', async () => {
    const { result, unmount } = renderHook(() => useProgressiveList(list(7)));
    expect(screenBusy()).toBe(true);
    await waitFor(() => expect(result.current).toHaveLength(7));
    expect(screenBusy()).toBe(false);
    unmount();
    // a list left before its last row holds nothing either
    const left = renderHook(() => useProgressiveList(list(7)));
    expect(screenBusy()).toBe(true);
    left.unmount();
    expect(screenBusy()).toBe(false);
  });

  it('once complete, a change shows at once; another key starts over with its first screenful', async () => {
    const seen: Array<readonly number[]> = [];
    const { result, rerender } = renderHook(({ rows, key }) => {
      const shown = useProgressiveList(rows, { key });
      seen.push(shown);
      return shown;
    }, { initialProps: { rows: list(10), key: 'active' } });
    await waitFor(() => expect(result.current).toHaveLength(10));
    await nextSlice();
    seen.length = 0;
    rerender({ rows: list(11), key: 'active' });
    expect(seen.map((s) => s.length)).toEqual([11]);
    seen.length = 0;
    rerender({ rows: list(30, 1000), key: 'finished' });
    expect(seen[0]).toHaveLength(FIRST_ROWS);
    expect(seen[0]![0]).toBe(1000);
    await waitFor(() => expect(result.current).toHaveLength(30));
  });

  it('a list complete at its first render shows a later row at once; an empty one gets its rows in slices', async () => {
    const { result, rerender } = renderHook(({ rows }) => useProgressiveList(rows), { initialProps: { rows: list(FIRST_ROWS) } });
    await act(async () => {});
    rerender({ rows: list(FIRST_ROWS + 10) });
    expect(result.current).toHaveLength(FIRST_ROWS + 10);

    const empty = renderHook(({ rows }) => useProgressiveList(rows), { initialProps: { rows: list(0) } });
    await act(async () => {});
    empty.rerender({ rows: list(10) });
    expect(empty.result.current).toHaveLength(FIRST_ROWS);
    await waitFor(() => expect(empty.result.current).toHaveLength(10));
  });

  it('whole: everything at once (an order asked for by its number is focused in the list)', () => {
    const { result } = renderHook(() => useProgressiveList(list(500), { whole: true }));
    expect(result.current).toHaveLength(500);
  });

  it('a visible page that draws no frame gets the rest of the list once SCREEN_WAIT_MAX_MS has passed without one', () => {
    const frames = stubAnimationFrames();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { result } = renderHook(() => useProgressiveList(list(50)));
      expect(result.current).toHaveLength(FIRST_ROWS);
      act(() => void vi.advanceTimersByTime(SCREEN_WAIT_MAX_MS - 1));
      expect(result.current).toHaveLength(FIRST_ROWS);
      // a frame comes: the next slice, and the wait starts over
      act(() => {
        frames.nextFrame();
        frames.nextFrame();
      });
      expect(result.current).toHaveLength(FIRST_ROWS + ROWS_PER_FRAME);
      act(() => void vi.advanceTimersByTime(SCREEN_WAIT_MAX_MS - 1));
      expect(result.current).toHaveLength(FIRST_ROWS + ROWS_PER_FRAME);
      act(() => void vi.advanceTimersByTime(1));
      expect(result.current).toHaveLength(50);
      expect(screenBusy()).toBe(false);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it('a hidden page (no frames come) gets the rest of the list in the next task', async () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      const { result } = renderHook(() => useProgressiveList(list(50)));
      expect(result.current).toHaveLength(FIRST_ROWS);
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(result.current).toHaveLength(50);
    } finally {
      // the page's own property goes; the document's again answers
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
  });
});
