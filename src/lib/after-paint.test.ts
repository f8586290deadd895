// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint';

describe('afterNextPaint', () => {
  const frames: FrameRequestCallback[] = [];
  afterEach(() => {
    frames.length = 0;
    vi.unstubAllGlobals();
  });
  const stubFrames = () => {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => void (frames[id - 1] = () => {}));
  };
  const nextFrame = () => frames.splice(0).forEach((callback) => callback(0));

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
});
