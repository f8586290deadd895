// @vitest-environment happy-dom
// QuietErrorBoundary (view-error-boundary.tsx): the footer's code missing (offline before the
// worker has it) leaves the page as it is: no alert, nothing in its place, the screen stays.
import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QuietErrorBoundary } from './view-error-boundary';

describe('QuietErrorBoundary', () => {
  it('shows nothing while the part failed; the rest stays', async () => {
    // React reports a caught error on the console
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Part = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await act(async () => {
      render(
        <main>
          <h1>the screen</h1>
          <QuietErrorBoundary>
            <Suspense fallback={null}>
              <Part />
            </Suspense>
          </QuietErrorBoundary>
        </main>,
      );
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getByRole('heading', { name: 'the screen' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('main')?.children).toHaveLength(1);
  });

  it('shows the part once it has loaded', async () => {
    const Part = lazy(async () => ({ default: () => <footer>the footer</footer> }));
    await act(async () => {
      render(
        <QuietErrorBoundary>
          <Suspense fallback={null}>
            <Part />
          </Suspense>
        </QuietErrorBoundary>,
      );
    });
    expect((await screen.findByRole('contentinfo')).textContent).toBe('the footer');
  });
});
