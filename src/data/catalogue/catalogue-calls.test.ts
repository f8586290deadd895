// The calculator's and the patient information's calls through supabase-js (spec §7: lookup by
// pharmacode, webshopGenericMeds, compendium lookup), against a fake network: the answers of
// supabase/functions/README.md and PostgREST turned into results with error codes (never a throw).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { err, ok } from '../../domain/result';
import { loadGenericComparison } from '../hooks/use-generic-comparison';
import { fetchGenericAlternatives } from './generic-alternatives';
import { fetchMedication, fetchPictures } from './medication-lookup';
import { fetchPatientInformation, PRDNO_BATCH } from './patient-information';
import { fakeClient as client, type Handler } from './test-client';

const ALT = { pharmacode: 2002, price: 24.15, quantity: 30, quantity_unit: 'Stk', dscrd: 'ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk', dscrf: 'ATORVASTATINE Mepha cpr pell 20 mg 30 pce' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** postgrest-js tries a GET again after a network error or a 503 (1 s, 2 s, 4 s): run those waits at once */
async function settled<T>(promise: Promise<T>): Promise<T> {
  vi.useFakeTimers();
  const [value] = await Promise.all([promise, vi.runAllTimersAsync()]);
  while (vi.getTimerCount() > 0) await vi.runAllTimersAsync();
  return value;
}

describe('fetchGenericAlternatives (webshopGenericMeds)', () => {
  it('posts the pharmacode and answers the list, leaving out rows it cannot compare', async () => {
    const { client: c, requests } = client(() => ({ status: 200, body: [ALT, { ...ALT, pharmacode: 2003, price: null }, { nonsense: true }] }));
    expect(await fetchGenericAlternatives(c, 1000001)).toEqual(ok([ALT]));
    expect(requests[0]?.url.pathname).toBe('/functions/v1/webshopGenericMeds');
    expect(requests[0]?.body).toEqual({ pharmacode: 1000001 });
  });

  it.each([
    [200, { error: 'is_generic', message: 'x' }, 'is_generic'],
    [200, { error: 'sloplus2', message: 'x' }, 'sloplus2'],
    [200, { error: 'not_found', message: 'x' }, 'not_found'],
    // as a function deployed before 2026-11-25 answers
    [422, { error: 'is_generic' }, 'is_generic'],
    [422, { error: 'sloplus2' }, 'sloplus2'],
    [404, { error: 'not_found' }, 'not_found'],
    [400, { error: 'invalid_pharmacode' }, 'rejected'],
    [422, { error: 'something_new' }, 'rejected'],
    [500, { code: 'WORKER_ERROR' }, 'failed'],
    [502, { error: 'upstream_error' }, 'failed'],
  ] as const)('%i %j: %s', async (status, body, code) => {
    const { client: c } = client(() => ({ status, body }));
    expect(await fetchGenericAlternatives(c, 1)).toEqual(err(code));
  });

  it('no answer: offline when the browser says so, else failed', async () => {
    const { client: c } = client(() => 'network-error');
    expect(await fetchGenericAlternatives(c, 1)).toEqual(err('failed'));
    vi.stubGlobal('navigator', { onLine: false });
    expect(await fetchGenericAlternatives(c, 1)).toEqual(err('offline'));
  });
});

describe('fetchMedication / fetchPictures (lookup by pharmacode)', () => {
  it('one row with pictures, price and product; null when unknown', async () => {
    const row = { pharmacode: '1000001', prdno: 14001, dscrd: 'LIPORVA', nincd: 10 };
    const { client: c, requests } = client((url) => ({ status: 200, body: url.searchParams.get('pharmacode') === 'eq.1000001' ? [row] : [] }));
    expect(await fetchMedication(c, 1000001)).toEqual(ok({ ...row, pharmacode: 1000001 }));
    expect(requests[0]?.url.searchParams.get('select')).toBe('*,pharmindex_images(picfront,picfront3d),pharmindex_prices(price),pharmindex_product(dose,doseu)');
    expect(await fetchMedication(c, 5)).toEqual(ok(null));
  });

  it('failures as codes', async () => {
    expect(await fetchMedication(client(() => ({ status: 500, body: { message: 'x' } })).client, 1)).toEqual(err('failed'));
    expect(await settled(fetchMedication(client(() => 'network-error').client, 1))).toEqual(err('failed'));
    vi.stubGlobal('navigator', { onLine: false });
    expect(await settled(fetchMedication(client(() => 'network-error').client, 1))).toEqual(err('offline'));
  });

  it('pictures by pharmacode; none asked, no request', async () => {
    const { client: c, requests } = client(() => ({ status: 200, body: [{ pharmacode: 2002, picfront: 'a.JPG', picfront3d: null }] }));
    expect(await fetchPictures(c, [2002, 2003])).toEqual(ok(new Map([[2002, { picfront: 'a.JPG', picfront3d: null }]])));
    expect(requests[0]?.url.searchParams.get('pharmacode')).toBe('in.(2002,2003)');
    expect(await fetchPictures(c, [])).toEqual(ok(new Map()));
    expect(requests).toHaveLength(1);
  });
});

describe('fetchPatientInformation (compendium by prdno, PI)', () => {
  it('asks for the PI texts of the products; a product without one is answered with both texts null', async () => {
    const { client: c, requests } = client(() => ({ status: 200, body: [{ prdno: 14001, pharmindex_compendium: { content_de: 'Was ist Liporva?', content_fr: 'Qu’est-ce que Liporva?' } }] }));
    expect(await fetchPatientInformation(c, [14001, 14008, 14001])).toEqual(
      ok([
        { prdno: 14001, content_de: 'Was ist Liporva?', content_fr: 'Qu’est-ce que Liporva?' },
        { prdno: 14008, content_de: null, content_fr: null },
      ]),
    );
    const url = requests[0]!.url;
    expect(url.pathname).toBe('/rest/v1/pharmindex_compendium_product');
    expect(url.searchParams.get('select')).toBe('prdno,pharmindex_compendium(content_de,content_fr)');
    expect(url.searchParams.get('cdtexttype')).toBe('eq.PI');
    expect(url.searchParams.get('prdno')).toBe('in.(14001,14008)');
  });

  it('in batches; a failure is the pull\'s code', async () => {
    const { client: c, requests } = client(() => ({ status: 200, body: [] }));
    await fetchPatientInformation(c, Array.from({ length: PRDNO_BATCH + 1 }, (_, i) => i + 1));
    expect(requests).toHaveLength(2);
    expect(await fetchPatientInformation(client(() => ({ status: 500, body: {} })).client, [1])).toEqual(err('failed'));
    expect(await settled(fetchPatientInformation(client(() => 'network-error').client, [1]))).toEqual(err('network'));
  });
});

describe('loadGenericComparison', () => {
  const medication = { pharmacode: 1000001, prdno: 14001, dscrd: 'LIPORVA', nincd: 10 };
  const route = (fn: { status: number; body: unknown }): Handler => (url) => {
    if (url.pathname.endsWith('/webshopGenericMeds')) return fn;
    if (url.pathname.endsWith('/pharmindex_images')) return { status: 200, body: [{ pharmacode: 2002, picfront: 'a.JPG', picfront3d: 'b.JPG' }] };
    return { status: 200, body: [medication] };
  };

  it('the product, its alternatives and their pictures', async () => {
    const { client: c } = client(route({ status: 200, body: [ALT] }));
    expect(await loadGenericComparison(c, 1000001)).toEqual({
      status: 'ready',
      pharmacode: 1000001,
      medication,
      alternatives: ok([ALT]),
      pictures: new Map([[2002, { picfront: 'a.JPG', picfront3d: 'b.JPG' }]]),
    });
  });

  it('an answer of the function travels as it is (the screen picks the message)', async () => {
    const { client: c, requests } = client(route({ status: 422, body: { error: 'is_generic' } }));
    expect(await loadGenericComparison(c, 1000001)).toMatchObject({ status: 'ready', alternatives: err('is_generic'), pictures: new Map() });
    expect(requests.some((r) => r.url.pathname.endsWith('/pharmindex_images'))).toBe(false);
  });

  it('the product cannot be read: failed; no connection: offline', async () => {
    expect(await settled(loadGenericComparison(client(() => ({ status: 503, body: {} })).client, 1))).toEqual({ status: 'failed', pharmacode: 1 });
    vi.stubGlobal('navigator', { onLine: false });
    expect(await settled(loadGenericComparison(client(() => 'network-error').client, 1))).toEqual({ status: 'offline', pharmacode: 1 });
  });
});
