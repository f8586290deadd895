// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import de from '../../lang/de.json';
import { ViewErrorBoundary } from './view-error-boundary';

const reloadForFailedCode = vi.hoisted(() => vi.fn());
vi.mock('./reload-for-failed-code', async (original) => ({ ...(await original<typeof import('./reload-for-failed-code')>()), reloadForFailedCode }));
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

  it('says whether its chunk is there (a navigation waits for it: transition-address.tsx)', async () => {
    let arrive!: () => void;
    const Lazy = lazy(() => new Promise<{ default: typeof View }>((resolve) => (arrive = () => resolve({ default: View }))));
    expect(Lazy.loaded()).toBe(false);
    const loading = Lazy.preload();
    expect(Lazy.loaded()).toBe(false);
    arrive();
    await loading;
    expect(Lazy.loaded()).toBe(true);
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

  // a chunk that failed to arrive offline is not failed for the life of the page
  it('a view whose chunk failed shows the failure, asks for the chunk no more while offline, and loads once the browser is back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const target = new EventTarget();
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue({ default: View });
    const Lazy = lazy(load, target);
    await act(async () => {
      render(
        <IntlProvider locale="de-CH" messages={de}>
          <ViewErrorBoundary resetKey="/profile/basedata">
            <Suspense fallback={<p>fallback</p>}>
              <Lazy {...props} />
            </Suspense>
          </ViewErrorBoundary>
        </IntlProvider>,
      );
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
    // the browser says it is online: where the module loader keeps the failure (Chromium), the page is loaded anew
    expect(reloadForFailedCode).toHaveBeenCalledTimes(1);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(load).toHaveBeenCalledTimes(1); // no loop of tries behind the failure
    await act(async () => {
      target.dispatchEvent(new Event('online'));
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'title.home' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preload asks again for a chunk that failed, also while the browser says nothing', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('server hiccup')).mockResolvedValue({ default: View });
    const Lazy = lazy(load, new EventTarget());
    await expect(Lazy.preload()).rejects.toThrow('server hiccup');
    await Lazy.preload();
    render(<Lazy {...props} />);
    expect(screen.getByRole('heading').textContent).toBe('title.home');
  });
});
