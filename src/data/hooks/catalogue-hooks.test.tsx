// @vitest-environment happy-dom
// The calculator's comparison and the patient information as screens use them (spec §7, §8;
// docs/architecture.md, 2 Read: public catalogue look-ups "go to the network and say plainly when there is none";
// the prescriptions' texts read from the mirror, also offline).
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppClient } from '../supabase-client';
import { fakeClient, type Handler } from '../catalogue/test-client';
import { openLocalDb } from '../local/local-db';
import { useGenericComparison } from './use-generic-comparison';
import { useOnline } from './use-online';
import { usePatientInformation } from './use-patient-information';
import { useStoredPatientInformation } from './use-stored-patient-information';

let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}
afterEach(() => setOnline(true));

const MEDICATION = { pharmacode: 1000001, prdno: 14001, dscrd: 'LIPORVA', nincd: 10 };
const ALT = { pharmacode: 2002, price: 24.15, quantity: 30, quantity_unit: 'Stk', dscrd: 'ATORVASTATIN Mepha', dscrf: null };
const catalogue: Handler = (url) => {
  if (url.pathname.endsWith('/webshopGenericMeds')) return { status: 200, body: [ALT] };
  if (url.pathname.endsWith('/pharmindex_images')) return { status: 200, body: [] };
  if (url.pathname.endsWith('/pharmindex_compendium_product')) return { status: 200, body: [{ prdno: 14001, pharmindex_compendium: { content_de: 'Was ist Liporva?', content_fr: null } }] };
  return { status: 200, body: [MEDICATION] };
};
const clientOf = (handler: Handler) => {
  const fake = fakeClient(handler);
  const get = (): AppClient => fake.client;
  return { get, requests: fake.requests };
};

describe('useOnline', () => {
  it('follows the browser', () => {
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    setOnline(false);
    expect(result.current).toBe(false);
  });
});

describe('useGenericComparison', () => {
  it('nothing chosen: idle; a pharmacode: loading, then the product and its alternatives', async () => {
    const { get } = clientOf(catalogue);
    const { result, rerender } = renderHook(({ code }: { code: number | null }) => useGenericComparison(code, get), { initialProps: { code: null as number | null } });
    expect(result.current.status).toBe('idle');
    rerender({ code: 1000001 });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toMatchObject({ medication: MEDICATION, alternatives: { ok: true, value: [ALT] } });
  });

  it('offline it says so at once and asks when the connection returns; a comparison shown stays when it goes', async () => {
    const { get, requests } = clientOf(catalogue);
    setOnline(false);
    const { result } = renderHook(() => useGenericComparison(1000001, get));
    expect(result.current.status).toBe('offline');
    expect(requests).toHaveLength(0);
    setOnline(true);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    setOnline(false);
    expect(result.current.status).toBe('ready');
  });

  it('a failure can be tried again', async () => {
    let fail = true;
    const { get } = clientOf((url, body) => (fail && url.pathname.endsWith('/webshopGenericMeds') ? { status: 500, body: {} } : catalogue(url, body)));
    const { result } = renderHook(() => useGenericComparison(1000001, get));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', alternatives: { ok: false, error: 'failed' } }));
    fail = false;
    act(() => result.current.retry());
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', alternatives: { ok: true } }));
  });
});

describe('usePatientInformation', () => {
  it('nothing asked: idle, no request; a product: its text in the language, the other language marked', async () => {
    const { get, requests } = clientOf(catalogue);
    const { result, rerender } = renderHook(({ prdno, lang }: { prdno: number | null; lang: 'de' | 'fr' }) => usePatientInformation(prdno, lang, { client: get }), {
      initialProps: { prdno: null as number | null, lang: 'de' as 'de' | 'fr' },
    });
    expect(result.current).toEqual({ status: 'idle' });
    expect(requests).toHaveLength(0);
    rerender({ prdno: 14001, lang: 'de' });
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', content: 'Was ist Liporva?', language: 'de', otherLanguage: false }));
    rerender({ prdno: 14001, lang: 'fr' });
    expect(result.current).toEqual({ status: 'ready', content: 'Was ist Liporva?', language: 'de', otherLanguage: true });
  });

  // spec §8 "Missing compendium text"
  it('no text in the compendium, or no product: missing', async () => {
    const { get } = clientOf(() => ({ status: 200, body: [] }));
    const { result } = renderHook(() => usePatientInformation(14002, 'de', { client: get }));
    await waitFor(() => expect(result.current).toEqual({ status: 'missing' }));
    expect(renderHook(() => usePatientInformation(undefined, 'de', { client: get })).result.current).toEqual({ status: 'missing' });
  });

  it('not on this device and offline: offline; a server error: failed', async () => {
    setOnline(false);
    const { get, requests } = clientOf(catalogue);
    expect(renderHook(() => usePatientInformation(14001, 'de', { client: get })).result.current).toEqual({ status: 'offline' });
    expect(requests).toHaveLength(0);
    setOnline(true);
    const failing = clientOf(() => ({ status: 401, body: {} }));
    const { result } = renderHook(() => usePatientInformation(14001, 'de', { client: failing.get }));
    await waitFor(() => expect(result.current).toEqual({ status: 'failed' }));
  });

  it('a product not asked (a closed dialog) is not read: no live query follows it', async () => {
    const db = openLocalDb(`pi-${Math.random()}`);
    // every key the mirror's patient information store is asked for, whoever asks (a middleware
    // joins before the database opens)
    const asked: unknown[] = [];
    db.use({
      stack: 'dbcore',
      name: 'asked-keys',
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name);
          return name === 'patientInformation' ? { ...table, get: (request) => (asked.push(request.key), table.get(request)) } : table;
        },
      }),
    });
    await db.patientInformation.put({ prdno: 14001, content_de: 'Gespeichert', content_fr: null });
    // a row whose dialog stays closed, mounted first, and one whose dialog opens
    const closed = renderHook(() => useStoredPatientInformation(null, db));
    const opened = renderHook(({ prdno }: { prdno: number | null }) => useStoredPatientInformation(prdno, db), { initialProps: { prdno: null as number | null } });
    expect(closed.result.current).toBeNull();
    opened.rerender({ prdno: 14001 });
    await waitFor(() => expect(opened.result.current).toMatchObject({ prdno: 14001, content_de: 'Gespeichert' }));
    expect(closed.result.current).toBeNull();
    expect(new Set(asked)).toEqual(new Set([14001]));
    db.close();
  });

  it('the mirror\'s copy is read without the network, offline too', async () => {
    setOnline(false);
    const { get, requests } = clientOf(catalogue);
    const db = openLocalDb(`pi-${Math.random()}`);
    await db.patientInformation.put({ prdno: 14001, content_de: 'Gespeichert', content_fr: 'Enregistré' });
    const { result } = renderHook(() => {
      const stored = useStoredPatientInformation(14001, db);
      return usePatientInformation(14001, 'fr', { stored, client: get });
    });
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', content: 'Enregistré', language: 'fr', otherLanguage: false }));
    expect(requests).toHaveLength(0);
    // not in the mirror: the network is asked (here offline: it says so)
    const other = renderHook(() => usePatientInformation(99, 'de', { stored: useStoredPatientInformation(99, db), client: get }));
    await waitFor(() => expect(other.result.current).toEqual({ status: 'offline' }));
    db.close();
  });
});
