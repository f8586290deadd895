/**
 * Before a row of a list goes (removed, withdrawn, left): the focus to the first control of the
 * next row, else of the row before, else to `fallback` — not left on a button that is about to
 * vanish, from where it would fall to the page itself (issue 40 item 7: a screen reader would
 * start reading the page again from the top).
 */
export function focusNeighbourRow(control: HTMLElement, fallback: HTMLElement | null): void {
  const row = control.closest('li');
  const neighbour = row?.nextElementSibling ?? row?.previousElementSibling ?? null;
  const target = neighbour?.querySelector<HTMLElement>('button:not([disabled]), a[href], input:not([disabled])') ?? fallback;
  target?.focus();
}

/**
 * The heading of the section around `element`, made focusable from script only: where the focus
 * goes when the last row of a section's list is gone.
 */
export function sectionHeading(element: HTMLElement): HTMLElement | null {
  const heading = element.closest('section')?.querySelector<HTMLElement>('h2, h3') ?? null;
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}
