// Issue 13 (offline cold start): the first screen's loads start at once, side by side.
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../i18n/catalogues', () => ({ loadCatalogue: vi.fn(async () => ({})) }));
vi.mock('./backend-loader', () => ({ loadBackend: vi.fn(async () => ({})) }));

const { loadCatalogue } = await import('../i18n/catalogues');
const { loadBackend } = await import('./backend-loader');
const { startLoading } = await import('./boot');

const session = JSON.stringify({ access_token: 'a', refresh_token: 'r', user: { id: 'u1' } });
const storage = (value: string | null) => ({ getItem: () => value });

beforeEach(() => {
  vi.mocked(loadCatalogue).mockClear();
  vi.mocked(loadBackend).mockClear();
});

describe('startLoading', () => {
  it('a returning patient: the catalogue and the data layer', () => {
    startLoading({ pathname: '/dashboard' }, storage(session));
    expect(loadCatalogue).toHaveBeenCalledOnce();
    expect(loadBackend).toHaveBeenCalledOnce();
  });

  it('a visitor: the catalogue only (the data layer comes after the first paint)', () => {
    startLoading({ pathname: '/' }, storage(null));
    expect(loadCatalogue).toHaveBeenCalledOnce();
    expect(loadBackend).not.toHaveBeenCalled();
  });

  it('the catalogue of a /fr prefix', () => {
    startLoading({ pathname: '/fr/dashboard' }, storage(null));
    expect(loadCatalogue).toHaveBeenCalledWith('fr');
  });
});
