// What one REST request may cost on the local stack. PGlite runs every statement on the one
// thread that also serves every other patient, and Postgres' statement_timeout does not
// interrupt it there; so a request is bounded before it reaches the database: how many
// embedded resources a select= may name and how deep, how many rows one write may carry,
// and (PostgREST's db-max-rows, [api] max_rows) how many rows a read returns.
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../../functions/_shared/json-depth.ts';
import { RestError } from './errors.ts';

/** embedded resources in one select=, at all levels (the app's widest read has 6) */
export const MAX_EMBEDS = 10;
/** levels of embedding below the root (the app's order tree has 2) */
export const MAX_EMBED_DEPTH = 3;

/** 400 PGRST190: more embedded resources than MAX_EMBEDS (a local-stack code; PostgREST has no such limit). */
export const tooManyEmbeds = () =>
  new RestError(400, 'PGRST190', 'Too many embedded resources', `A select may embed at most ${MAX_EMBEDS} resources.`, 'Split the request into several.');

/** 400 PGRST191: embedding nested deeper than MAX_EMBED_DEPTH. */
export const embedTooDeep = () =>
  new RestError(400, 'PGRST191', 'Embedded resources nested too deep', `Embedding may be nested at most ${MAX_EMBED_DEPTH} levels deep.`, null);

/** 413 PGRST192: a write of more rows than max_rows in one request. */
export const tooManyRows = (rows: number, maxRows: number) =>
  new RestError(413, 'PGRST192', 'Too many rows in the request body', `The body has ${rows} rows; one request may write at most ${maxRows}.`, 'Send the rows in several requests.');

/** 400 PGRST193: a JSON body nested deeper than MAX_JSON_DEPTH (Postgres' parser would fail on it: 54001, a 500). */
export const bodyTooDeep = () =>
  new RestError(400, 'PGRST193', 'JSON body nested too deep', `A request body may nest arrays and objects at most ${MAX_JSON_DEPTH} levels deep.`, null);

/** Refuses a body nested deeper than MAX_JSON_DEPTH, before it is parsed. */
export function checkBodyDepth(text: string): void {
  if (jsonNestsDeeperThan(text)) throw bodyTooDeep();
}

/** 415 PGRST102: a body that is not JSON, as PostgREST words it ("Content-Type not acceptable: …"). */
export const unsupportedContentType = (contentType: string | null) =>
  new RestError(415, 'PGRST102', `Content-Type not acceptable: ${contentType ?? 'none'}`, null, 'Send the body as application/json.');

/** Whether a request body of this Content-Type is read as JSON (application/json, any parameters). */
export function isJsonContentType(contentType: string | null): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}
