// The documents' script that looks the screens' font strikes up after the first paint
// (src/ui/font-strikes.ts, decision 0059). A signed-in route paints its frame, then its screen's
// first commit with the patient's data brings text in sizes and weights the frame did not have,
// and the layout after it looked each new strike up through the browser's font service: 20–25
// ms of a 60–80 ms task at 4× CPU. Here the page lays out a hidden letter in each strike, a few
// per frame, in the time between the first paint and the data's arrival (the entry loads, the
// mirror is read); the later layout finds them in the font cache. The letters go once all are
// laid out: the cache keeps what was looked up.

import { FONT_STRIKES, fontShorthand, type FontStrike } from '../src/ui/font-strikes.ts';

/** Strikes laid out per frame: a new one costs 1–6 ms at 4× CPU (the first of a weight loads its font file), so a frame stays short. */
export const STRIKES_PER_FRAME = 2;

/**
 * The source of an ES5 statement: a hidden box at the end of the body gets a letter in each
 * strike, STRIKES_PER_FRAME per animation frame, and leaves after the last one's frame. Hidden
 * from everyone: `aria-hidden`, not visible, no size, outside the layout of the page.
 */
export function fontWarmUpScript(strikes: readonly FontStrike[] = FONT_STRIKES): string {
  const fonts = JSON.stringify(strikes.map(fontShorthand));
  return (
    `(function(q){var b=document.createElement("div");b.setAttribute("aria-hidden","true");` +
    `b.style.cssText="position:fixed;top:0;left:0;width:0;height:0;overflow:hidden;visibility:hidden;pointer-events:none";` +
    `document.body.appendChild(b);` +
    `(function w(){if(!q.length){b.remove();return}for(var n=0;n<${STRIKES_PER_FRAME}&&q.length;n++){var i=document.createElement("i");i.style.font=q.shift();i.textContent="a";b.appendChild(i)}requestAnimationFrame(w)})()` +
    `})(${fonts})`
  );
}
