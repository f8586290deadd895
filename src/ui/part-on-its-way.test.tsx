// @vitest-environment happy-dom
// decision 0062: a lazy part on its way holds the screen, so the data layer waits for it
import { act, render } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { screenBusy } from '../lib/screen-shown';
import { PartOnItsWay } from './part-on-its-way';

describe('PartOnItsWay', () => {
  it('holds the screen while the part suspends, and no longer once it has arrived', async () => {
    let arrive: (module: { default: () => null }) => void = () => undefined;
    const Part = lazy(() => new Promise<{ default: () => null }>((resolve) => (arrive = resolve)));
    render(
      <Suspense fallback={<PartOnItsWay />}>
        <Part />
      </Suspense>,
    );
    expect(screenBusy()).toBe(true);
    await act(async () => arrive({ default: () => null }));
    expect(screenBusy()).toBe(false);
  });
});
