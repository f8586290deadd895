// "An entry was added": commands call it after their transaction commits; the replay listens
// and starts a pass (docs/architecture.md, 3 Write: replayed when online, right after the edit).
import { createSignal } from '../../lib/store';

const appended = createSignal();

export const onOutboxAppended = (listener: () => void): (() => void) => appended.on(listener);

export const outboxAppended = (): void => appended.emit();
