// @vitest-environment happy-dom
// issue 36 item 4, decision 0059: after the first paint the document lays out a hidden letter in
// each font strike the screens use, a few per frame, so the layout after a screen's data finds
// them in the browser's font cache; the letters then go.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { fontWarmUpScript, STRIKES_PER_FRAME } from '../../scripts/font-warm-up';
import { FONT_FAMILIES, FONT_STRIKES, fontShorthand, type FontStrike } from '../../src/ui/font-strikes';

const STRIKES: FontStrike[] = [
  ['400', 1, 'sans'],
  ['700', 1.45, 'sans'],
  ['italic 400', 0.95, 'sans'],
  ['400', 1.25, 'mono'],
  ['800', 2, 'sans'],
];

/** Runs the script with a frame queue of our own: answers the box and a way to run the next frame. */
function start(strikes: FontStrike[]) {
  document.body.innerHTML = '<div id="root"><h1>x</h1></div>';
  const frames: Array<() => void> = [];
  runInNewContext(fontWarmUpScript(strikes), { document, requestAnimationFrame: (callback: () => void) => void frames.push(callback) });
  const box = document.body.lastElementChild as HTMLElement;
  return { box, frames, nextFrame: () => frames.shift()?.() };
}

describe('the font warm-up', () => {
  it('lays the strikes out a few per frame, in a box nobody sees or hears, then takes the box away', () => {
    const { box, frames, nextFrame } = start(STRIKES);
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(box.style.visibility).toBe('hidden');
    expect(box.style.position).toBe('fixed');
    expect(box.style.width).toBe('0px');
    expect(box.style.overflow).toBe('hidden');
    // the first letters at once (laid out in the coming frame), the next in each frame after
    expect(box.children).toHaveLength(STRIKES_PER_FRAME);
    const seen = [box.children.length];
    while (box.isConnected && frames.length) {
      nextFrame();
      seen.push(box.children.length);
    }
    expect(seen.slice(0, -1)).toEqual([2, 4, 5]);
    expect(box.isConnected).toBe(false);
    expect(document.getElementById('root')?.outerHTML).toBe('<div id="root"><h1>x</h1></div>');
    expect(frames).toHaveLength(0);
  });

  it('each letter in its strike’s font', () => {
    const { box, nextFrame } = start(STRIKES);
    nextFrame();
    nextFrame();
    const fonts = [...box.children].map((letter) => (letter as HTMLElement).getAttribute('style'));
    expect(fonts).toEqual(STRIKES.map((strike) => `font: ${fontShorthand(strike)};`));
  });

  it('the app’s list: no strike twice, each family one the style sheets name', () => {
    const keys = FONT_STRIKES.map(fontShorthand);
    expect(new Set(keys).size).toBe(keys.length);
    expect(fontShorthand(['italic 400', 0.95, 'mono'])).toBe(`italic 400 0.95rem ${FONT_FAMILIES.mono}`);
  });
});
