// What the document's own preloads (catalogue-preload.ts, route-preload.ts) share: their classic
// script goes right before the entry module, so the requests it makes leave with the entry's.

export function withScriptBeforeEntry(html: string, script: string, what: string): string {
  const entry = /<script type="module"[^>]*src="[^"]+"[^>]*><\/script>/u;
  if (!entry.test(html)) throw new Error(`index.html: no entry module to put ${what} before`);
  return html.replace(entry, (tag) => `<script>${script}</script>\n    ${tag}`);
}
