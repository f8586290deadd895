// @vitest-environment happy-dom
// Issue 38 item 5: going offline right after /order/orderfinish opened once sent the patient back
// to /order/select. The race: the start (at /order/select) read the draft ahead, empty; "+" filled
// it; the finish page, mounted before the data layer had taken over, took the answer read at the
// start for its first render, found nothing orderable and redirected. An answer read ahead is
// not shown once the mirror changed what it was read of.
import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeDraft } from '../draft/draft-order';
import { openLocalDb, storesOfParts } from '../local/local-db';
import { claimMirror } from '../local/mirror-owner';
import { draftQuery, prescriptionsQuery } from '../local/mirror-query';
import { dexieReads } from '../local/mirror-reads';
import { forgetReadAhead, readAhead, readAheadOf } from '../local/read-ahead';
import { useDraftOrder } from './use-draft-order';

afterEach(() => forgetReadAhead());

describe('what the start read ahead, after the mirror changed', () => {
  it('a screen mounted after the draft was filled does not show the empty draft read at the start', async () => {
    const db = openLocalDb(`read-ahead-${Math.random()}`);
    await claimMirror(db, 'u1');
    // the start at /order/select: the draft read ahead, still empty
    await readAhead(draftQuery, dexieReads(db));
    await readAhead(prescriptionsQuery, dexieReads(db));
    expect(readAheadOf(draftQuery, db)).toMatchObject({ medications: {} });
    // "+" on the selection (its live query not answered yet on a slow device)
    await changeDraft(db, 'u1', (draft) => ({ ...draft, medications: { '1001': 2 } }));
    // the finish page mounts: never the empty draft, not even for its first render
    const seen: unknown[] = [];
    const finish = renderHook(() => {
      const draft = useDraftOrder(db);
      seen.push(draft);
      return draft;
    });
    await waitFor(() => expect(finish.result.current?.medications).toEqual({ '1001': 2 }));
    expect(seen.filter((draft) => draft !== undefined && Object.keys((draft as { medications: object }).medications).length === 0)).toEqual([]);
    // what the write did not touch stays read ahead (the prescriptions: customers and meta)
    expect(readAheadOf(prescriptionsQuery, db)).toEqual([]);
  });

  it('the stores a commit wrote, from Dexie\'s change notice', () => {
    expect(storesOfParts({ 'idb://rezeptpost/drafts/': 1, 'idb://rezeptpost/drafts/:dels': 1, 'idb://rezeptpost/meta/key': 1, other: 1 })).toEqual(new Set(['drafts', 'meta']));
  });
});
