// Phoenix channel frames as realtime-js speaks them: serializer 2.0.0 sends JSON arrays
// [join_ref, ref, topic, event, payload], 1.0.0 JSON objects {join_ref?, ref, topic, event,
// payload}. Binary frames (2.0.0 user broadcast pushes) are not decoded here.
import { jsonNestsDeeperThan } from '../../functions/_shared/json-depth.ts';

export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

const refOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** The frame of a text message, or null when it is not a well-formed Phoenix message (or nests too deep to relay). */
export function decodeFrame(vsn: Vsn, text: string): Frame | null {
  if (jsonNestsDeeperThan(text)) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (vsn === '2.0.0' && Array.isArray(data)) {
    if (data.length !== 5) return null;
    const [joinRef, ref, topic, event, payload] = data as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') return null;
    return { joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload };
  }
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const o = data as Record<string, unknown>;
    if (typeof o.topic !== 'string' || typeof o.event !== 'string') return null;
    return { joinRef: refOf(o.join_ref), ref: refOf(o.ref), topic: o.topic, event: o.event, payload: o.payload };
  }
  return null;
}

export function encodeFrame(vsn: Vsn, frame: Frame): string {
  if (vsn === '2.0.0') return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify({ join_ref: frame.joinRef, ref: frame.ref, topic: frame.topic, event: frame.event, payload: frame.payload });
}

/** Erlang's phash2 gives Realtime its binding ids; any stable 27-bit hash of the params will do. */
export function bindingId(params: unknown): number {
  const text = JSON.stringify(params) ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7ffffff || 1; // realtime-js ignores a binding whose id is 0
}
