// Spec §8: auth-service errors on 502, 503 and 504 are retryable. A command tries once more
// after a short pause before it reports the failure (the UI then says "try again shortly").
import type { AuthResult } from './auth-result';

export const RETRY_DELAY_MS = 800;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function retryOnce<T>(run: () => Promise<AuthResult<T>>, wait: (ms: number) => Promise<void> = pause, delayMs = RETRY_DELAY_MS): Promise<AuthResult<T>> {
  const first = await run();
  if (first.ok || first.kind !== 'retryable') return first;
  await wait(delayMs);
  return run();
}
