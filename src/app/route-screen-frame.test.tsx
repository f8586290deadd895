// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import de from '../../lang/de.json';
import { SCREEN_WAIT_MAX_MS } from '../lib/screen-shown';
import { stubAnimationFrames } from '../lib/frames-test-support';
import { FrameFirst } from './route-screen';

// The takeover of a signed-in route's prerendered frame (route-screen.tsx FrameFirst): the app's
// first commit makes the frame anew, the screen takes its place in the frame after a paint.
describe('the takeover of a prerendered frame', () => {
  const def = { guard: 'session', titleId: 'title.prescriptions' } as const;
  let frame: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    ({ nextFrame: frame } = stubAnimationFrames());
    delete document.documentElement.dataset.app;
    // the document as it comes: the route's frame, painted before any script ran
    document.body.innerHTML = '<div id="root"><section class="page route-frame"><h1>Rezepte</h1></section></div>';
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const take = () =>
    render(
      <IntlProvider locale="de-CH" messages={de}>
        <FrameFirst def={def}>
          <p>the screen</p>
        </FrameFirst>
      </IntlProvider>,
      { container: document.getElementById('root') as HTMLElement },
    );
  const nextFrame = () => act(() => frame());

  it('the screen comes in the frame after a paint, and then the app says it is ready', async () => {
    take();
    expect(document.querySelector('.route-frame[data-takeover]')).not.toBeNull();
    expect(screen.queryByText('the screen')).toBeNull();
    await nextFrame(); // the frame that paints the app's frame
    expect(screen.queryByText('the screen')).toBeNull();
    await nextFrame();
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(document.querySelector('.route-frame')).toBeNull();
    expect(document.documentElement.dataset.app).toBe('ready');
  });

  it('a page that paints no frame (hidden: opened in the background) gets its screen all the same, once the bound has passed', async () => {
    take();
    await act(async () => void vi.advanceTimersByTime(SCREEN_WAIT_MAX_MS - 1));
    expect(screen.queryByText('the screen')).toBeNull();
    expect(document.documentElement.dataset.app).toBeUndefined();
    await act(async () => void vi.advanceTimersByTime(1));
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(document.querySelector('.route-frame')).toBeNull();
    expect(document.documentElement.dataset.app).toBe('ready');
  });
});
