// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazy } from './lazy-view';
import type { ViewProps } from './view-props';

const View = ({ titleId }: ViewProps) => <h1>{titleId}</h1>;
const props: ViewProps = { titleId: 'title.home', params: {} };

describe('lazy (routed views)', () => {
  it('a preloaded view renders at once, without the fallback', async () => {
    const load = vi.fn(async () => ({ default: View }));
    const Lazy = lazy(load);
    await Lazy.preload();
    render(
      <Suspense fallback={<p>fallback</p>}>
        <Lazy {...props} />
      </Suspense>,
    );
    expect(screen.getByRole('heading').textContent).toBe('title.home');
    expect(screen.queryByText('fallback')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('one that is not loaded yet suspends, then shows; its chunk is asked for once', async () => {
    const load = vi.fn(async () => ({ default: View }));
    const Lazy = lazy(load);
    await act(async () => {
      render(
        <Suspense fallback={<p>fallback</p>}>
          <Lazy {...props} />
        </Suspense>,
      );
    });
    expect(await screen.findByRole('heading')).toBeTruthy();
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed preload is tried again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: View });
    const Lazy = lazy(load);
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await expect(Lazy.preload()).resolves.toEqual({ default: View });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
