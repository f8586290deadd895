// What the service worker keeps of a patient: the product pictures (their URLs name the
// pharmacodes) and the expiration records of that cache. Deleted on sign-out together with the
// mirror: the worker deletes both (it holds the records' database open); the page deletes the
// cache itself as well, in case no worker controls it.
import { PRODUCT_IMAGE_CACHE, WIPE_PATIENT_CACHES } from '../images/product-image';

/** How long the worker may take before the sign-out goes on without its answer. */
export const WORKER_WIPE_WAIT_MS = 1500;

export async function wipePatientCaches(): Promise<void> {
  const worker = globalThis.navigator?.serviceWorker?.controller;
  const answered = worker
    ? new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        worker.postMessage({ type: WIPE_PATIENT_CACHES }, [channel.port2]);
        setTimeout(resolve, WORKER_WIPE_WAIT_MS);
      })
    : Promise.resolve();
  await Promise.all([answered, globalThis.caches?.delete(PRODUCT_IMAGE_CACHE).catch(() => false)]);
}
