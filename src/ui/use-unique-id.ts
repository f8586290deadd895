import { useState } from 'react';

let last = 0;

/**
 * An id no other element of the page has, kept for as long as the component lives: for a
 * label's `for`, `aria-labelledby`, `aria-describedby`. Not React's useId: Preact's gave
 * screens loaded lazily beside others the ids those already had (issue 38: /prescriptions/add
 * showed two elements with one id, and the link field's label named the other one). The app
 * renders in the browser only, so a counter is unique.
 */
export function useUniqueId(): string {
  const [id] = useState(() => `id-${(last += 1)}`);
  return id;
}
