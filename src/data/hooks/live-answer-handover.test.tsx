// @vitest-environment happy-dom
// A navigation renders as a transition (app/transition-address.tsx): the next screen mounts while
// the last one is still on view. A screen that reads a query the screen on view already shows
// starts with that screen's live answer (local/read-ahead.ts) — the complete overview's redirect
// to the base data showed a spinner without it. The answer is offered only while its screen is
// mounted, only from the same mirror, and it is always the last one that screen had.
import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeDraft } from '../draft/draft-order';
import type { LocalDb } from '../local/local-db';
import { draftQuery } from '../local/mirror-query';
import { readAheadOf } from '../local/read-ahead';
import type { DraftOrder } from '../../domain/entities';
import { testMirrors } from './read-ahead-test-mirrors';
import { useDraftOrder } from './use-draft-order';

const mirrors = testMirrors('handover');
const mirrorWithDraft = (): Promise<LocalDb> => mirrors.withDraft({ '1001': 2 });

/** A screen reading the draft: every answer it rendered. */
function screenOf(db: LocalDb) {
  const seen: Array<DraftOrder | null | undefined> = [];
  const hook = renderHook(() => {
    const draft = useDraftOrder(db);
    seen.push(draft);
    return draft;
  });
  return { seen, hook };
}

describe('the live answer of the screen on view, for the next screen', () => {
  it('a screen mounted while another shows the same query starts with its answer', async () => {
    const db = await mirrorWithDraft();
    const first = screenOf(db);
    await waitFor(() => expect(first.hook.result.current?.medications).toEqual({ '1001': 2 }));

    const next = screenOf(db);
    expect(next.seen[0]).toEqual(first.hook.result.current);
  });

  it('not once that screen is gone, and not for another mirror', async () => {
    const db = await mirrorWithDraft();
    const first = screenOf(db);
    await waitFor(() => expect(first.hook.result.current).toBeDefined());
    const other = await mirrorWithDraft();
    expect(readAheadOf(draftQuery, other)).toBeUndefined();

    first.hook.unmount();
    expect(readAheadOf(draftQuery, db)).toBeUndefined();
    expect(screenOf(db).seen[0]).toBeUndefined();
  });

  it('after a write: the answer that screen had last, then its new one', async () => {
    const db = await mirrorWithDraft();
    const first = screenOf(db);
    await waitFor(() => expect(first.hook.result.current).toBeDefined());

    await changeDraft(db, 'u1', (draft) => ({ ...draft, medications: { '1001': 3 } }));
    await waitFor(() => expect(first.hook.result.current?.medications).toEqual({ '1001': 3 }));
    const next = screenOf(db);
    expect(next.seen[0]?.medications).toEqual({ '1001': 3 });
  });
});
