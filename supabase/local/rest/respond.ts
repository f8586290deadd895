// Response headers as PostgREST sets them (Response.hs, RangeQuery.hs).
import type { MediaChoice } from './headers.ts';

/** Content-Range: `0-9/42`, `*\/0`, `0-9/*` */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

export function contentType(media: MediaChoice): string {
  const base = media.shape === 'object' ? 'application/vnd.pgrst.object+json' : 'application/json';
  return `${base}${media.stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`;
}

export interface Reply {
  status: number;
  body: string | null;
  headers: Record<string, string>;
}

export function toResponse(reply: Reply, head: boolean): Response {
  const noBody = head || reply.status === 204 || reply.body === null;
  return new Response(noBody ? null : reply.body, { status: reply.status, headers: reply.headers });
}

/** Status of a read: 206 when the page holds fewer rows than the (counted) total. */
export function readStatus(offset: number, page: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total) return 416;
  return page < total ? 206 : 200;
}
