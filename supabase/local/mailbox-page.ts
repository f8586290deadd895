// The mailbox of the local stack over HTTP: nothing is sent, every mail (sign-up code,
// reset link, e-mail change code, partner mail) lands here.
//   GET    /mailbox                      page for a person: newest first (?to= filter, ?refresh=5)
//   POST   /mailbox/clear                clears, then back to the page (the page's button)
//   GET    /mailbox/api/messages[?to=]   JSON array of mails, newest first
//   GET    /mailbox/api/messages/<id>    one mail, 404 when unknown
//   DELETE /mailbox/api/messages         clears the mailbox (204)
import type { Mail, Mailbox } from './mailbox.ts';
import { json, jsonError } from './http.ts';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Escaped text with its http(s) links clickable (the verification and reset links). */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" target="_blank" rel="noreferrer">${url}</a>`);

const STYLE = `
  body { font: 15px/1.45 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d2330; }
  header { background: #1d4f91; color: #fff; padding: 12px 20px; display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: center; }
  header h1 { font-size: 18px; margin: 0; }
  header a, header button { color: #fff; }
  header form { display: flex; gap: 6px; align-items: center; margin: 0; }
  header input { padding: 4px 6px; }
  main { max-width: 900px; margin: 0 auto; padding: 16px; }
  article { background: #fff; border: 1px solid #d6d9df; border-radius: 6px; margin: 0 0 14px; padding: 12px 16px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 8px; }
  dt { color: #5b6474; } dd { margin: 0; }
  .subject { font-weight: 600; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f8f9fb; padding: 10px; border-radius: 4px; margin: 0; font: 14px/1.4 ui-monospace, monospace; }
  iframe { width: 100%; min-height: 320px; border: 1px solid #d6d9df; background: #fff; }
  .empty { color: #5b6474; }
`;

function renderMail(mail: Mail): string {
  const when = new Date(mail.createdAt);
  const html = mail.html
    ? `<details><summary>HTML version</summary><iframe sandbox="" title="HTML version of the mail" srcdoc="${escapeHtml(mail.html)}"></iframe></details>`
    : '';
  return `<article id="mail-${escapeHtml(mail.id)}">
  <dl>
    <dt>To</dt><dd><a href="/mailbox?to=${encodeURIComponent(mail.to)}">${escapeHtml(mail.to)}</a></dd>
    <dt>Subject</dt><dd class="subject">${escapeHtml(mail.subject)}</dd>
    <dt>Time</dt><dd><time datetime="${escapeHtml(mail.createdAt)}">${escapeHtml(when.toLocaleString('de-CH'))}</time></dd>
  </dl>
  <pre>${linkify(mail.text)}</pre>
  ${html}
</article>`;
}

export function renderMailboxPage(mails: Mail[], options: { to?: string | null; refresh?: number | null } = {}): string {
  const { to, refresh } = options;
  const query = (params: Record<string, string | number | null | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
    const s = search.toString();
    return s ? `/mailbox?${s}` : '/mailbox';
  };
  const refreshLink = refresh
    ? `<a href="${escapeHtml(query({ to }))}">Stop auto-refresh</a>`
    : `<a href="${escapeHtml(query({ to, refresh: 5 }))}">Auto-refresh (5 s)</a>`;
  const apiLink = `/mailbox/api/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${refresh ? `<meta http-equiv="refresh" content="${Math.max(1, Math.floor(refresh))}">` : ''}
<title>Mailbox${to ? ` – ${escapeHtml(to)}` : ''} (${mails.length}) · local Supabase stack</title>
<style>${STYLE}</style>
</head>
<body>
<header>
  <h1>Mailbox of the local stack</h1>
  <form method="get" action="/mailbox">
    <label for="to">Recipient</label>
    <input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}" placeholder="all recipients">
    ${refresh ? `<input type="hidden" name="refresh" value="${escapeHtml(String(refresh))}">` : ''}
    <button type="submit">Filter</button>
  </form>
  <a href="${escapeHtml(query({ to, refresh }))}">Refresh</a>
  ${refreshLink}
  <a href="${escapeHtml(apiLink)}">JSON</a>
  <form method="post" action="/mailbox/clear"><button type="submit">Delete all mails</button></form>
</header>
<main>
${mails.length === 0 ? `<p class="empty">No mails${to ? ` to ${escapeHtml(to)}` : ''} yet. Mails sent by sign-up, password reset, e-mail change and the functions appear here, newest first.</p>` : mails.map(renderMail).join('\n')}
</main>
</body>
</html>`;
}

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  // mails are shown, never run: no scripts, HTML versions in a sandboxed frame
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self'; form-action 'self'",
};

/** Answers everything under /mailbox (path = the URL path, starting with /mailbox). */
export async function handleMailbox(req: Request, path: string, mailbox: Mailbox): Promise<Response> {
  const url = new URL(req.url);
  const to = url.searchParams.get('to')?.trim() || undefined;
  const method = req.method.toUpperCase();
  const normalized = path.replace(/\/+$/, '') || '/';
  // a mail whose request was answered before it was sent (a password reset) is shown, or
  // cleared, as if it had been sent before the answer
  await mailbox.settled();

  if (normalized === '/mailbox') {
    if (method !== 'GET' && method !== 'HEAD') return jsonError(405, 'method not allowed');
    const refresh = Number(url.searchParams.get('refresh')) || null;
    return new Response(renderMailboxPage(mailbox.list(to), { to, refresh }), { status: 200, headers: PAGE_HEADERS });
  }
  if (normalized === '/mailbox/clear') {
    if (method !== 'POST') return jsonError(405, 'method not allowed');
    mailbox.clear();
    return new Response(null, { status: 303, headers: { location: '/mailbox' } });
  }
  if (normalized === '/mailbox/api/messages') {
    if (method === 'GET' || method === 'HEAD') return json(mailbox.list(to), 200, { 'cache-control': 'no-store' });
    if (method === 'DELETE') {
      mailbox.clear();
      return new Response(null, { status: 204 });
    }
    return jsonError(405, 'method not allowed');
  }
  const one = /^\/mailbox\/api\/messages\/([^/]+)$/.exec(normalized);
  if (one && (method === 'GET' || method === 'HEAD')) {
    const id = decodeURIComponent(one[1]!);
    const mail = mailbox.list().find((m) => m.id === id);
    return mail ? json(mail, 200, { 'cache-control': 'no-store' }) : jsonError(404, 'mail not found');
  }
  return jsonError(404, 'no Route matched with those values');
}
