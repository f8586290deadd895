// Tests only: a screen that renders in slices (use-slices.ts) shows its parts frame by frame;
// this renders those frames until one changes nothing.
import { act } from '@testing-library/react';

const twoFramesAndATask = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));

/** Renders the next slice: the frames a slice waits for, and React's work after them. */
export const nextSlice = (): Promise<void> => act(twoFramesAndATask);

/** Renders the slices of what is on the page, frame by frame, until a frame changes nothing. */
export async function allSlices(root: Node = document.body): Promise<void> {
  for (let frame = 0; frame < 200; frame++) {
    let changed = false;
    const observer = new MutationObserver(() => (changed = true));
    observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
    await nextSlice();
    observer.disconnect();
    if (!changed) return;
  }
  throw new Error('the slices went on for 200 frames');
}
