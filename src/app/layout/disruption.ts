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
