// A new answer of a read, with every part that holds the same data as in the previous answer
// replaced by that previous part: the whole previous answer when nothing changed, else a new
// answer whose unchanged rows, lists and maps are the very objects the screen already shows, so
// what the screen derives from them (memoised by identity) is not derived again. Plain objects,
// arrays, maps, dates and primitives are compared by what they hold; anything else (a class
// instance, a Set) only by identity: an unknown shape counts as changed rather than as the same.

const isPlain = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

export function withSameParts<T>(previous: unknown, next: T): T {
  return share(previous, next) as T;
}

function share(previous: unknown, next: unknown): unknown {
  if (Object.is(previous, next)) return previous;
  if (Array.isArray(previous) && Array.isArray(next)) {
    let same = previous.length === next.length;
    const parts = next.map((item: unknown, i) => {
      const part = i < previous.length ? share(previous[i], item) : item;
      if (!Object.is(part, previous[i])) same = false;
      return part;
    });
    return same ? previous : parts;
  }
  if (previous instanceof Date && next instanceof Date) return previous.getTime() === next.getTime() ? previous : next;
  if (previous instanceof Map && next instanceof Map) {
    let same = previous.size === next.size;
    const parts = new Map<unknown, unknown>();
    for (const [key, value] of next) {
      const part = previous.has(key) ? share(previous.get(key), value) : value;
      if (!previous.has(key) || !Object.is(part, previous.get(key))) same = false;
      parts.set(key, part);
    }
    return same ? previous : parts;
  }
  if (isPlain(previous) && isPlain(next)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(previous).length;
    const parts: Record<string, unknown> = Object.getPrototypeOf(next) === null ? (Object.create(null) as Record<string, unknown>) : {};
    for (const key of keys) {
      const had = Object.prototype.hasOwnProperty.call(previous, key);
      const part = had ? share(previous[key], next[key]) : next[key];
      if (!had || !Object.is(part, previous[key])) same = false;
      parts[key] = part;
    }
    return same ? previous : parts;
  }
  return next;
}
