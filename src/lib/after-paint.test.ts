// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubAnimationFrames } from './frames-test-support';
import { afterNextPaint } from './after-paint';

describe('afterNextPaint', () => {
  let nextFrame: () => void;
  afterEach(() => vi.unstubAllGlobals());
  const stubFrames = () => void ({ nextFrame } = stubAnimationFrames());

  it('runs in the frame after the next one, not before', () => {
    stubFrames();
    const run = vi.fn();
    afterNextPaint(run);
    nextFrame(); // the frame that paints
    expect(run).not.toHaveBeenCalled();
    nextFrame();
    expect(run).toHaveBeenCalledOnce();
  });

  it('a cancel before then: never runs', () => {
    stubFrames();
    const run = vi.fn();
    const cancel = afterNextPaint(run);
    nextFrame();
    cancel();
    nextFrame();
    expect(run).not.toHaveBeenCalled();
  });

  describe('with a bound (a hidden page paints no frame)', () => {
    afterEach(() => vi.useRealTimers());

    it('no frame comes: runs once the bound has passed, not before, and once only', () => {
      vi.useFakeTimers();
      stubFrames();
      const run = vi.fn();
      afterNextPaint(run, 1500);
      vi.advanceTimersByTime(1499);
      expect(run).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledOnce();
      expect(run).toHaveBeenCalledWith(false);
      // the frames that come later (the page shown again) do not run it a second time
      nextFrame();
      nextFrame();
      expect(run).toHaveBeenCalledOnce();
    });

    it('the frames come first: runs in the frame after the next one, and the bound does not run it again', () => {
      vi.useFakeTimers();
      stubFrames();
      const run = vi.fn();
      afterNextPaint(run, 1500);
      nextFrame();
      nextFrame();
      expect(run).toHaveBeenCalledOnce();
      expect(run).toHaveBeenCalledWith(true);
      vi.advanceTimersByTime(5000);
      expect(run).toHaveBeenCalledOnce();
    });

    it('a cancel before either: never runs', () => {
      vi.useFakeTimers();
      stubFrames();
      const run = vi.fn();
      const cancel = afterNextPaint(run, 1500);
      nextFrame();
      cancel();
      nextFrame();
      vi.advanceTimersByTime(5000);
      expect(run).not.toHaveBeenCalled();
    });
  });
});
