// @vitest-environment happy-dom
// A navigation reads the next screen's data ahead (mirror-live-load.ts readAheadOnNavigation, asked
// by app/prepare-route.ts): the screen's first render then shows it instead of a spinner while its
// live queries read. What is read ahead is kept per mirror, and not kept when the mirror was
// written while it was read.
import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { claimMirror } from '../local/mirror-owner';
import { draftQuery, mirrorQuery } from '../local/mirror-query';
import { dexieReads } from '../local/mirror-reads';
import { LOCAL_DB_NAME } from '../local/mirror-schema';
import { forgetReadAhead, forgetReadAheadOfStores, readAhead, readAheadOf, type ReadAhead } from '../local/read-ahead';
import { liveQueriesAsked } from './live-queries-in-use';
import { readAheadOnNavigation } from './mirror-live-load';
import { testMirrors } from './read-ahead-test-mirrors';
import { useDraftOrder } from './use-draft-order';

const mirrors = testMirrors('navigation');
const mirrorWithDraft = mirrors.withDraft;

const readDraftAhead: ReadAhead = async (reads) => void (await readAhead(draftQuery, reads));

describe('the read ahead of a navigation', () => {
  it('nothing before a screen\'s live query has run: a public page does not bring the mirror in for it', () => {
    expect(liveQueriesAsked()).toBe(false);
  });

  it('once the live queries are in use, the next screen\'s first render shows the data read ahead', async () => {
    const db = await mirrorWithDraft({ '1001': 2 });
    // a screen on view with a live query of its own (another mirror's: only the module counts)
    const other = await mirrorWithDraft({});
    const onView = renderHook(() => useDraftOrder(other));
    await waitFor(() => expect(onView.result.current).toBeDefined());

    expect(liveQueriesAsked()).toBe(true);
    await readAheadOnNavigation(async () => readDraftAhead, db);
    const seen: unknown[] = [];
    renderHook(() => seen.push(useDraftOrder(db)));
    expect(seen[0]).toMatchObject({ medications: { '1001': 2 } });
  });

  it('kept per mirror: a screen of another mirror does not start with it', async () => {
    const a = await mirrorWithDraft({ '1001': 2 });
    const b = await mirrorWithDraft({ '2002': 1 });
    await readDraftAhead(dexieReads(a));
    expect(readAheadOf(draftQuery, a)).toMatchObject({ medications: { '1001': 2 } });
    expect(readAheadOf(draftQuery, b)).toBeUndefined();
    const seen: unknown[] = [];
    const screen = renderHook(() => {
      const draft = useDraftOrder(b);
      seen.push(draft);
      return draft;
    });
    expect(seen[0]).toBeUndefined();
    await waitFor(() => expect(screen.result.current).toMatchObject({ medications: { '2002': 1 } }));
  });

  it('a hook of the app\'s own mirror (no mirror named) finds what was read ahead of it', async () => {
    const db = mirrors.open(LOCAL_DB_NAME);
    await claimMirror(db, 'u1');
    await readDraftAhead(dexieReads(db));
    expect(readAheadOf(draftQuery)).toMatchObject({ medications: {} });
    expect(readAheadOf(draftQuery, { name: `${LOCAL_DB_NAME}-for-u2` })).toBeUndefined();
  });

  it('not kept when the mirror was written while it read (the answer may be of the mirror before)', async () => {
    const db = await mirrorWithDraft({ '1001': 2 });
    const written = mirrorQuery('written while read', ['drafts'], async (reads) => {
      const value = await reads.get('drafts', 'u1');
      forgetReadAheadOfStores(new Set(['drafts']));
      return value;
    });
    expect(await readAhead(written, dexieReads(db))).toBeDefined();
    expect(readAheadOf(written, db)).toBeUndefined();
    // read with no write meanwhile: kept
    const quiet = mirrorQuery('read alone', ['drafts'], (reads) => reads.get('drafts', 'u1'));
    await readAhead(quiet, dexieReads(db));
    expect(readAheadOf(quiet, db)).toBeDefined();
  });

  it('not kept when another session began while it read (a sign-out, another patient)', async () => {
    const db = await mirrorWithDraft({ '1001': 2 });
    const signedOut = mirrorQuery('read across a sign-out', ['drafts'], async (reads) => {
      const value = await reads.get('drafts', 'u1');
      forgetReadAhead();
      return value;
    });
    await readAhead(signedOut, dexieReads(db));
    expect(readAheadOf(signedOut, db)).toBeUndefined();
  });
});
