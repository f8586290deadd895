// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubAnimationFrames } from './frames-test-support';
import { afterScreenShown, holdScreen, SCREEN_WAIT_MAX_MS, screenBusy } from './screen-shown';

describe('afterScreenShown', () => {
  let nextFrame: () => void;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    ({ nextFrame } = stubAnimationFrames());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('with nothing held: runs in the frame after the next paint, as afterNextPaint', () => {
    const run = vi.fn();
    afterScreenShown(run);
    nextFrame();
    expect(run).not.toHaveBeenCalled();
    nextFrame();
    expect(run).toHaveBeenCalledOnce();
  });

  it('waits for the last part held, then for its paint', () => {
    const run = vi.fn();
    const slices = holdScreen();
    const part = holdScreen();
    afterScreenShown(run);
    nextFrame();
    nextFrame();
    expect(run).not.toHaveBeenCalled();
    slices();
    nextFrame();
    nextFrame();
    expect(run).not.toHaveBeenCalled();
    expect(screenBusy()).toBe(true);
    part();
    expect(screenBusy()).toBe(false);
    // the last part's frame is painted first
    nextFrame();
    expect(run).not.toHaveBeenCalled();
    nextFrame();
    expect(run).toHaveBeenCalledOnce();
  });

  it('a part held again in the frame of the last one\'s end (a redirect\'s next screen) is waited for too', () => {
    const run = vi.fn();
    const overview = holdScreen();
    afterScreenShown(run);
    nextFrame();
    nextFrame();
    overview();
    const baseData = holdScreen();
    nextFrame();
    nextFrame();
    expect(run).not.toHaveBeenCalled();
    baseData();
    nextFrame();
    nextFrame();
    expect(run).toHaveBeenCalledOnce();
  });

  it('a release called twice ends the hold once', () => {
    const first = holdScreen();
    const second = holdScreen();
    first();
    first();
    expect(screenBusy()).toBe(true);
    second();
    expect(screenBusy()).toBe(false);
  });

  it('runs at the latest after its bound, held or not, and only once', () => {
    const run = vi.fn();
    const release = holdScreen();
    afterScreenShown(run);
    nextFrame();
    nextFrame();
    vi.advanceTimersByTime(SCREEN_WAIT_MAX_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
    release();
    nextFrame();
    nextFrame();
    expect(run).toHaveBeenCalledOnce();
  });

  it('a page that paints no frame (hidden) runs it after the bound', () => {
    const run = vi.fn();
    afterScreenShown(run, 300);
    vi.advanceTimersByTime(300);
    expect(run).toHaveBeenCalledOnce();
  });

  it('a cancel: never runs, neither on the release nor after the bound', () => {
    const run = vi.fn();
    const release = holdScreen();
    const cancel = afterScreenShown(run);
    nextFrame();
    nextFrame();
    cancel();
    release();
    nextFrame();
    nextFrame();
    vi.advanceTimersByTime(SCREEN_WAIT_MAX_MS);
    expect(run).not.toHaveBeenCalled();
  });
});
