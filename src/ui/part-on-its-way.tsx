import { useEffect } from 'react';
import { holdScreen } from '../lib/screen-shown';

/**
 * A Suspense fallback that shows nothing and holds what waits for the screen to be whole
 * (lib/screen-shown.ts) while the part's chunk is on its way.
 */
export function PartOnItsWay(): null {
  useEffect(() => holdScreen(), []);
  return null;
}
