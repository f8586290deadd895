// Marking doses from a screen (issue 24): the tap shows at once, the mirror follows.
//
// A tap builds its marks with the domain's rules on this device's clock and id, shows them in
// the next render (before the outbox's transaction and the live query's read come back: the
// figure that counts on a slow phone is the tap to the visible mark), then hands them to the
// outbox (markDoses), loaded after the first paint so the dashboard's first load carries no Dexie.
// A shown tap goes once the mirror holds its mark or a later one, or at once when the command
// refuses it.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DoseMark } from '../../domain/doses/dose-mark';
import { doseKey } from '../../domain/doses/dose-mark';
import { allTakenMarks, compareMarks, latestMarks, newDoseMark, type MarkChoice, type MarkIndex } from '../../domain/doses/dose-marks';
import type { DoseSlot } from '../../domain/doses/dose-slot';
import type { DueDose } from '../../domain/doses/doses-due';
import type { CustomerId } from '../../domain/entities';
import { err, ok, type Result } from '../../domain/result';
import { appOutboxContext, loadedAppOutboxContext } from '../outbox/app-context';
import { afterScreenShown } from '../../lib/screen-shown';
import { deviceId } from '../local/device-id';
import type { DoseMarkRefusal } from '../outbox/commands';

export type MarkError = DoseMarkRefusal | 'signed_out' | 'failed';
export type MarkResult = Result<{ marked: number }, MarkError>;

export interface DoseMarking {
  /** The standing mark of each dose: the mirror's, and taps the mirror has not caught up with. */
  marks: MarkIndex;
  /** Marks these doses (one or several, as one write). */
  mark: (doses: readonly DueDose[], choice: MarkChoice) => Promise<MarkResult>;
  /** "All taken" for one period of one day: every due dose of it not marked taken yet. */
  markAllTaken: (due: readonly DueDose[], slot: DoseSlot) => Promise<MarkResult>;
}

/** The command behind the taps; a test passes its own (the app's loads with the outbox on the first tap). */
export type MarkCommand = (customerId: CustomerId, marks: readonly DoseMark[]) => Promise<Result<unknown, DoseMarkRefusal>>;

const clock = () => new Date();

// the command and the outbox context it writes with (Dexie): both loaded after the first paint,
// so a tap writes at once (a tab closed right after keeps the mark) and a tap offline in a tab
// the service worker does not serve finds them
let commands: typeof import('../outbox/commands') | null = null;
const loadCommands = async () => {
  const [module] = await Promise.all([import('../outbox/commands'), appOutboxContext()]);
  return (commands = module);
};

const appMarkCommand: MarkCommand = async (customerId, marks) => {
  const ctx = loadedAppOutboxContext();
  if (commands && ctx) return commands.markDoses(ctx, customerId, marks);
  const { markDoses } = await loadCommands();
  return markDoses(await appOutboxContext(), customerId, marks);
};

/** Taps the stored marks have caught up with (the same mark or a later one) are dropped. */
function pending(taps: ReadonlyMap<string, DoseMark>, stored: MarkIndex): ReadonlyMap<string, DoseMark> {
  let changed = false;
  const left = new Map<string, DoseMark>();
  for (const [key, tap] of taps) {
    const held = stored.get(key);
    if (held && compareMarks(held, tap) >= 0) changed = true;
    else left.set(key, tap);
  }
  return changed ? left : taps;
}

/**
 * `customerId`: the mirror's patient (null: none, nothing can be marked); `stored`: the marks
 * the mirror holds of the doses on screen; `now`: the clock (tests).
 */
export function useDoseMarking(
  customerId: CustomerId | null,
  stored: readonly DoseMark[],
  { command = appMarkCommand, now = clock }: { command?: MarkCommand; now?: () => Date } = {},
): DoseMarking {
  const [taps, setTaps] = useState<ReadonlyMap<string, DoseMark>>(() => new Map());
  // the command's files once the screen is painted whole, while the page may still be online: a tap offline
  // in a tab the service worker does not serve finds them loaded
  useEffect(() => (command === appMarkCommand ? afterScreenShown(() => void loadCommands().catch(() => undefined)) : undefined), [command]);
  const storedIndex = useMemo(() => latestMarks(stored), [stored]);
  useEffect(() => setTaps((current) => pending(current, storedIndex)), [storedIndex]);
  const marks = useMemo(() => (taps.size === 0 ? storedIndex : latestMarks([...storedIndex.values(), ...taps.values()])), [storedIndex, taps]);

  const write = useCallback(
    async (built: DoseMark[]): Promise<MarkResult> => {
      if (!customerId) return err('signed_out');
      if (built.length === 0) return ok({ marked: 0 });
      setTaps((current) => new Map([...current, ...built.map((m) => [doseKey(m), m] as const)]));
      const drop = () =>
        setTaps((current) => {
          const left = new Map(current);
          for (const m of built) if (left.get(doseKey(m)) === m) left.delete(doseKey(m));
          return left;
        });
      try {
        const result = await command(customerId, built);
        if (!result.ok) {
          drop();
          return result;
        }
        return ok({ marked: built.length });
      } catch (error) {
        drop();
        console.error(error);
        return err('failed');
      }
    },
    [command, customerId],
  );

  const context = useCallback(() => (customerId ? { customerId, deviceId: deviceId(), now: now() } : null), [customerId, now]);

  const mark = useCallback(
    (doses: readonly DueDose[], choice: MarkChoice): Promise<MarkResult> => {
      const ctx = context();
      if (!ctx) return Promise.resolve(err<MarkError>('signed_out'));
      const built: DoseMark[] = [];
      for (const dose of doses) {
        const made = newDoseMark(dose, choice, ctx);
        if (!made.ok) return Promise.resolve(err<MarkError>('day_not_markable'));
        built.push(made.value);
      }
      return write(built);
    },
    [context, write],
  );

  const markAllTaken = useCallback(
    (due: readonly DueDose[], slot: DoseSlot): Promise<MarkResult> => {
      const ctx = context();
      if (!ctx) return Promise.resolve(err<MarkError>('signed_out'));
      return write(allTakenMarks(due, marks, slot, ctx));
    },
    [context, marks, write],
  );

  return { marks, mark, markAllTaken };
}
