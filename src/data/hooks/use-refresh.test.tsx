// @vitest-environment happy-dom
// The dashboard's "refresh" action: a pull of everything, its progress and outcome.
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PullReport } from '../pull/pull';
import { refreshOutcome, useRefresh } from './use-refresh';

const written = { ok: true, value: 'written' } as const;
const report = (errors: PullReport['errors']): PullReport => ({
  ok: Object.keys(errors).length === 0,
  results: { customer: written, orders: written, medications: written, insurers: written, rows: written },
  errors,
});

describe('refresh outcome', () => {
  it.each([
    [report({}), 'done'],
    [report({ customer: 'network', orders: 'network' }), 'offline'],
    [report({ orders: 'failed' }), 'failed'],
    [report({ customer: 'network', insurers: 'failed' }), 'failed'],
    [null, 'failed'],
  ] as const)('%j -> %s', (r, outcome) => {
    expect(refreshOutcome(r)).toBe(outcome);
  });
});

const offline = () => false;

describe('useRefresh', () => {
  it('runs one pull at a time and ends with its outcome', async () => {
    let finish: (r: PullReport) => void = () => undefined;
    const pull = vi.fn(() => new Promise<PullReport | null>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useRefresh(pull));
    expect(result.current.state).toBe('idle');
    act(() => result.current.run());
    expect(result.current.state).toBe('running');
    act(() => result.current.run());
    expect(pull).toHaveBeenCalledTimes(1);
    await act(async () => finish(report({ customer: 'network' })));
    await waitFor(() => expect(result.current.state).toBe('offline'));
  });

  it('offline: says so at once, without waiting for the pull to give up', () => {
    const pull = vi.fn(async () => null);
    const { result } = renderHook(() => useRefresh(pull, offline));
    act(() => result.current.run());
    expect(result.current.state).toBe('offline');
    expect(pull).not.toHaveBeenCalled();
  });

  it('a pull that throws reads as failed', async () => {
    const { result } = renderHook(() => useRefresh(() => Promise.reject(new Error('closed'))));
    await act(async () => result.current.run());
    await waitFor(() => expect(result.current.state).toBe('failed'));
  });
});
