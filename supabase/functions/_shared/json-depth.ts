// How deep a JSON text nests, read before it is parsed (issue 37 item 8). A body nested 100,000
// arrays deep is 200 KB — under every size limit — and what parses or walks it recursively runs
// out of stack: Postgres' JSON parser (54001 "stack depth limit exceeded", PostgREST's 500),
// JavaScript's JSON.stringify and deep copies (RangeError). So the edges refuse it first: the
// functions (http.ts readJsonObject) and the local stack's REST and auth servers.

/**
 * Deeper than any body of the app (an e-prescription's summary nests 5 levels) and far below what
 * breaks a parser: Go's encoding/json (GoTrue) stops at 10,000, Postgres' at about 20,000.
 */
export const MAX_JSON_DEPTH = 512;

/** Whether arrays and objects in this JSON text nest deeper than `max` (strings are skipped; the text need not be valid). */
export function jsonNestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
