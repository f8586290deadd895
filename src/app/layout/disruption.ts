// Reading the disruption post: a WordPress-style REST answer (an object or a list of
// posts with title/content.rendered) or plain text. Only its text is shown, never its
// HTML, so a compromised post cannot inject markup into a medical app.
import type { Lang } from '../../i18n/languages';

const TIMEOUT_MS = 5000;
const DISMISSED_KEY = 'disruption-dismissed';

type Rendered = { rendered?: unknown };
type Post = { title?: Rendered; content?: Rendered };

export function textOfHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script, style, template').forEach((el) => el.remove());
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function disruptionText(body: unknown): string | null {
  if (typeof body === 'string') return textOfHtml(body) || null;
  const post: Post | undefined = Array.isArray(body) ? body[0] : (body as Post | null) ?? undefined;
  const content = post?.content?.rendered ?? post?.title?.rendered;
  return typeof content === 'string' ? textOfHtml(content) || null : null;
}

export async function fetchDisruption(urlTemplate: string, lang: Lang, signal: AbortSignal): Promise<string | null> {
  if (!urlTemplate || (typeof navigator !== 'undefined' && navigator.onLine === false)) return null;
  try {
    const response = await fetch(urlTemplate.replaceAll('{lang}', lang), {
      signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]),
      credentials: 'omit',
    });
    if (response.status !== 200) return null;
    const type = response.headers.get('content-type') ?? '';
    return disruptionText(type.includes('json') ? await response.json() : await response.text());
  } catch {
    return null; // offline, timeout, blocked: no banner, no error
  }
}

type WorkerContainer = Pick<ServiceWorkerContainer, 'controller' | 'addEventListener' | 'removeEventListener'> & {
  getRegistration?: () => Promise<Pick<ServiceWorkerRegistration, 'installing'> | undefined>;
};

/**
 * When the post may be asked for: once the browser is idle after the first paint (never in
 * the way of the first view), and, when a service worker is about to take over the page (a
 * first visit of a production build), once it has. The worker then answers for an unreachable
 * site (sw/sw.ts: 204, the banner stays away), so an outage of the pharmacy's site leaves no
 * failed request in the page's console.
 *
 * The wait follows the worker, not a clock alone: after `maxWaitMs` the page asks whether a
 * worker is still installing (its precache is several megabytes; on a slow line or a busy
 * machine that takes longer) and then waits for it to take over or fail, up to `installCapMs`.
 * With no worker on the way (its registration never started, or a hard reload left the page
 * uncontrolled) the post is asked for after `maxWaitMs`.
 */
export function disruptionMayLoad({
  workerExpected,
  container = globalThis.navigator?.serviceWorker,
  idle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 500)),
  maxWaitMs = 6000,
  installCapMs = 60_000,
}: {
  workerExpected: boolean;
  container?: WorkerContainer | undefined;
  idle?: (run: () => void) => void;
  maxWaitMs?: number;
  installCapMs?: number;
}): Promise<void> {
  const afterPaint = new Promise<void>((resolve) => idle(resolve));
  if (!workerExpected || !container || container.controller) return afterPaint;
  const controlled = new Promise<void>((resolve) => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    let installing: ServiceWorker | null = null;
    const done = () => {
      container.removeEventListener('controllerchange', done);
      installing?.removeEventListener('statechange', failed);
      timers.forEach(clearTimeout);
      resolve();
    };
    const failed = () => installing?.state === 'redundant' && done();
    const stillInstalling = async () => {
      const registration = await container.getRegistration?.().catch(() => undefined);
      installing = registration?.installing ?? null;
      if (!installing || installing.state === 'redundant') return done();
      installing.addEventListener('statechange', failed);
      timers.push(setTimeout(done, installCapMs - maxWaitMs));
    };
    timers.push(setTimeout(() => void stillInstalling(), maxWaitMs));
    container.addEventListener('controllerchange', done);
  });
  return Promise.all([afterPaint, controlled]).then(() => undefined);
}

export function isDismissed(text: string): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === text;
  } catch {
    return false;
  }
}

export function rememberDismissed(text: string): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, text);
  } catch {
    // dismissal then lasts until the next page load only
  }
}
