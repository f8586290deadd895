// @vitest-environment happy-dom
// The period and the greeting follow the clock while the app stays open (no reload at noon).
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { intakePeriodAt } from '../../domain/intake-plan';
import { useHourlyNow } from './use-hourly-now';

afterEach(() => {
  vi.useRealTimers();
});

describe('useHourlyNow', () => {
  it('renews the instant at the full hour, so the period changes at noon without a reload', () => {
    vi.useFakeTimers({ now: new Date('2026-03-10T11:58:00+01:00') });
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useHourlyNow();
    });
    expect(intakePeriodAt(result.current)).toBe('morning');
    const before = renders;
    act(() => void vi.advanceTimersByTime(60_000)); // 11:59: the same hour, nothing new
    expect(renders).toBe(before);
    act(() => void vi.advanceTimersByTime(61_000)); // past 12:00
    expect(intakePeriodAt(result.current)).toBe('noon');
    act(() => void vi.advanceTimersByTime(6 * 3_600_000)); // and on to the evening
    expect(intakePeriodAt(result.current)).toBe('evening');
  });

  // spec §4 Intake period, on the night the clocks go forward: 04:59 summer time is 02:59 UTC
  it('follows the wall clock across the change to summer time', () => {
    vi.useFakeTimers({ now: new Date('2026-03-29T01:30:00+01:00') });
    const { result } = renderHook(() => useHourlyNow());
    act(() => void vi.advanceTimersByTime(2 * 3_600_000)); // 04:30 summer time
    expect(intakePeriodAt(result.current)).toBe('night');
    act(() => void vi.advanceTimersByTime(1_800_100)); // just past 05:00 summer time
    expect(intakePeriodAt(result.current)).toBe('morning');
  });

  it('catches up when the page comes back into view (a sleeping phone fires no timers)', () => {
    let now = new Date('2026-03-10T08:00:00+01:00');
    const clock = () => now;
    const { result } = renderHook(() => useHourlyNow(clock));
    now = new Date('2026-03-10T19:00:00+01:00');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(intakePeriodAt(result.current)).toBe('evening');
  });
});
