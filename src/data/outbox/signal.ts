// "An entry was added": commands call it after their transaction commits; the replay listens
// and starts a pass (ARCHITECTURE.md, Write: replayed when online, right after the edit).
type Listener = () => void;
const listeners = new Set<Listener>();

export function onOutboxAppended(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function outboxAppended(): void {
  listeners.forEach((l) => l());
}
