import { useState } from 'react';

/**
 * A button that shows and hides a part of the page (WAI-ARIA disclosure): spread `button` on the
 * button, `panel` on the part (hidden while closed, named by the button's aria-controls).
 */
export function useDisclosure(panelId: string, initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  return {
    open,
    button: { 'aria-expanded': open, 'aria-controls': panelId, onClick: () => setOpen((was) => !was) },
    panel: { id: panelId, hidden: !open },
  };
}

/**
 * Whether the window is wide (at least `minWidth`, a CSS length) when first drawn: a part that
 * fits beside the rest there starts open, on a phone closed. Read once; no window (the server's
 * render): wide.
 */
export function wideWindow(minWidth: string): boolean {
  return globalThis.matchMedia?.(`(min-width: ${minWidth})`).matches ?? true;
}
