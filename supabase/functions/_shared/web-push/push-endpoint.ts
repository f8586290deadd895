// Where the reminder sender may post (issue 37 item 2): the push services browsers use, nothing
// else — an endpoint is a URL the patient gave, and the sender's request is the server's. The
// same list is the CHECK of webshop_customer_push_subscription.endpoint (migration
// 20261126100200_push_endpoints.sql; tests/backend/push-endpoints.test.ts keeps the two equal):
// - Google FCM: fcm.googleapis.com (Chrome, Edge on Android, Samsung Internet, Opera);
// - Mozilla autopush: *.push.services.mozilla.com (Firefox);
// - Apple: *.push.apple.com (Safari);
// - Windows WNS: *.notify.windows.com (Edge on Windows).
// https, no port, no user, printable ASCII. Loopback (http://127.0.0.1:<port>/) is the tests'
// stand-in push service: only when the caller says so (the local stack in its test mode).

const PUSH_SERVICE = /^https:\/\/(fcm\.googleapis\.com|([a-z0-9-]+\.)+(push\.services\.mozilla\.com|push\.apple\.com|notify\.windows\.com))\/[!-~]*$/;
const LOOPBACK = /^http:\/\/127\.0\.0\.1:[0-9]{1,5}\/[!-~]*$/;

/** The longest endpoint the table takes. */
export const MAX_ENDPOINT_LENGTH = 1000;

/**
 * Whether the sender may post to this endpoint. The text must match the list and the URL a
 * parser makes of it must name the same host, so no spelling reads as another host to fetch.
 */
export function isPushServiceEndpoint(endpoint: string, { allowLoopback = false }: { allowLoopback?: boolean } = {}): boolean {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return false;
  const loopback = LOOPBACK.test(endpoint);
  if (!PUSH_SERVICE.test(endpoint) && !(allowLoopback && loopback)) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  if (loopback) return url.protocol === 'http:' && url.hostname === '127.0.0.1';
  return url.protocol === 'https:' && url.port === '' && endpoint.startsWith(`https://${url.hostname}/`);
}
