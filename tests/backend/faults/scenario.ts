// The generated scenario of one fault-injection run: the patient's edits (spec §7 Data service
// writes and webshopOrder, dose marks of issue 24) made in one of one or two tabs, interleaved with faults, expired
// tokens, replay passes, pulls, time passing and tabs closed and reopened.
import fc from 'fast-check';
import { FAULT_KINDS, type FaultKind } from './fault-network.ts';

export type Edit =
  | { kind: 'address'; street_nr: string; city: string }
  | { kind: 'questionnaire'; weight: number; size: number }
  | { kind: 'orderDefaults'; generic: boolean; substitute: boolean; probon: boolean; get_invoice: boolean }
  | { kind: 'sendMethod'; method: 'post' | 'email'; doc_name: string }
  | { kind: 'order'; amount: number }
  /** a dose mark (issue 24) of the run's prescription, a few days back (the window is the server's, its clock real) */
  | { kind: 'dose'; daysAgo: 1 | 2 | 3; period: 'morning' | 'evening'; status: 'taken' | 'skipped' | 'unmarked' };

export type Step =
  | { do: 'edit'; tab: number; edit: Edit }
  /** time passes beyond the access token's lifetime (its refresh token stays good) */
  | { do: 'expire' }
  | { do: 'pass'; tab: number | 'both'; force: boolean }
  /** the connection is back: a stale token refreshed, then a pull and a forced pass (patient-session `reconnect`) */
  | { do: 'online'; tab: number }
  | { do: 'pull'; tab: number }
  /** time passes up to the next scheduled retry */
  | { do: 'wait' }
  /** the tab closes (with `midPass`: while its request is on the way) and opens again */
  | { do: 'close'; tab: number; midPass: boolean };

/**
 * A step; the faults the next requests of the device meet (queued just before the step, so they
 * hit what it starts, or what still runs); whether the run lets everything settle after it
 * (else the next step overlaps with what this one started).
 */
export type Move = { faults: FaultKind[]; step: Step; settle: boolean };

export interface Scenario {
  tabs: 1 | 2;
  moves: Move[];
}

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('address' as const), street_nr: fc.integer({ min: 1, max: 99 }).map(String), city: fc.constantFrom('Frauenfeld', 'Winterthur', 'Luzern', 'Bern') }),
  fc.record({ kind: fc.constant('questionnaire' as const), weight: fc.integer({ min: 45, max: 140 }), size: fc.integer({ min: 150, max: 200 }) }),
  fc.record({ kind: fc.constant('orderDefaults' as const), generic: fc.boolean(), substitute: fc.boolean(), probon: fc.boolean(), get_invoice: fc.boolean() }),
  fc.record({ kind: fc.constant('sendMethod' as const), method: fc.constantFrom('post' as const, 'email' as const), doc_name: fc.constantFrom('Dr. Keller', 'Dr. Roth', 'Dr. Meier') }),
  fc.record({ kind: fc.constant('order' as const), amount: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    kind: fc.constant('dose' as const),
    daysAgo: fc.constantFrom(1 as const, 2 as const, 3 as const),
    period: fc.constantFrom('morning' as const, 'evening' as const),
    status: fc.constantFrom('taken' as const, 'skipped' as const, 'unmarked' as const),
  }),
);

function step(tabs: 1 | 2): fc.Arbitrary<Step> {
  const tab = fc.integer({ min: 0, max: tabs - 1 });
  const passTab: fc.Arbitrary<number | 'both'> = tabs === 2 ? fc.oneof(tab, fc.constant('both' as const)) : tab;
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ do: fc.constant('edit' as const), tab, edit }) },
    { weight: 1, arbitrary: fc.constant({ do: 'expire' as const }) },
    { weight: 2, arbitrary: fc.record({ do: fc.constant('pass' as const), tab: passTab, force: fc.boolean() }) },
    { weight: 1, arbitrary: fc.record({ do: fc.constant('online' as const), tab }) },
    { weight: 1, arbitrary: fc.record({ do: fc.constant('pull' as const), tab }) },
    { weight: 2, arbitrary: fc.constant({ do: 'wait' as const }) },
    { weight: 1, arbitrary: fc.record({ do: fc.constant('close' as const), tab, midPass: fc.boolean() }) },
  );
}

const faults: fc.Arbitrary<FaultKind[]> = fc.oneof(fc.constant<FaultKind[]>([]), fc.array(fc.constantFrom(...FAULT_KINDS), { minLength: 1, maxLength: 3 }));

const move = (tabs: 1 | 2): fc.Arbitrary<Move> =>
  fc.record({ faults, step: step(tabs), settle: fc.integer({ min: 0, max: 3 }).map((n) => n > 0) });

export const MAX_MOVES = 10;

/** One or two tabs, 3 to 10 moves, at least one edit. */
export const scenarios: fc.Arbitrary<Scenario> = fc
  .constantFrom(1 as const, 2 as const)
  .chain((tabs) => fc.record({ tabs: fc.constant(tabs), moves: fc.array(move(tabs), { minLength: 3, maxLength: MAX_MOVES }) }))
  .filter((s) => s.moves.some((m) => m.step.do === 'edit'));
