import { afterEach, describe, expect, it } from 'vitest';
import { languageStore } from '../i18n/language-store';
import { preloadLanding } from './landing';
import { matchesPattern, routeAt, signedInLandingPath } from './route-at';
import { ROUTES } from './routes';

describe('matchesPattern (the router reading of a route pattern)', () => {
  it('static paths, a trailing slash, any case', () => {
    expect(matchesPattern('/', '/')).toBe(true);
    expect(matchesPattern('/generics', '/generics')).toBe(true);
    expect(matchesPattern('/generics', '/generics/')).toBe(true);
    expect(matchesPattern('/generics', '/Generics')).toBe(true);
    expect(matchesPattern('/generics', '/generics/calculator')).toBe(false);
    expect(matchesPattern('/', '/login')).toBe(false);
  });

  it('parameters, optional ones too', () => {
    expect(matchesPattern('/profile/overview/:showInfo?', '/profile/overview')).toBe(true);
    expect(matchesPattern('/profile/overview/:showInfo?', '/profile/overview/2')).toBe(true);
    expect(matchesPattern('/profile/overview/:showInfo?', '/profile/overview/2/3')).toBe(false);
    expect(matchesPattern('/a/:id', '/a')).toBe(false);
    expect(matchesPattern('/a/:id', '/a/7')).toBe(true);
  });
});

describe('routeAt', () => {
  it('finds every route of the table by its own path', () => {
    for (const def of ROUTES.filter((d) => !d.path.includes(':'))) expect(routeAt(def.path)).toBe(def);
  });

  it('follows a language prefix and the redirects; unknown paths have none', () => {
    expect(routeAt('/fr/generics/calculator')?.path).toBe('/generics/calculator');
    expect(routeAt('/de')?.path).toBe('/');
    expect(routeAt('/profile')?.path).toBe('/profile/overview/:showInfo?');
    expect(routeAt('/nowhere')).toBeUndefined();
  });
});

describe('signedInLandingPath (what a start with a stored session prepares)', () => {
  it('/ and /login: the page route-screen.tsx sends a signed-in user to, with a language prefix too', () => {
    expect(signedInLandingPath('/', '')).toBe('/dashboard');
    expect(signedInLandingPath('/fr', '')).toBe('/dashboard');
    expect(signedInLandingPath('/login', '')).toBe('/dashboard');
    expect(signedInLandingPath('/login', '?next=%2Forders%3Fopen%3D1')).toBe('/orders');
  });

  it("a ?next= of another site is not followed; other pages are shown themselves", () => {
    expect(signedInLandingPath('/login', '?next=//evil.example/x')).toBe('/dashboard');
    expect(signedInLandingPath('/orders', '?next=/profile')).toBe('/orders');
    expect(signedInLandingPath('/fr/generics', '')).toBe('/fr/generics');
  });
});

describe('preloadLanding', () => {
  afterEach(() => languageStore.set('de'));

  it("a /fr prefix takes effect before the first render; it settles once the catalogue and the view's chunk have", async () => {
    languageStore.set('de');
    await preloadLanding('/fr/generics');
    expect(languageStore.get()).toBe('fr');
  });

  it('settles for paths without a route too', async () => {
    await expect(preloadLanding('/nowhere')).resolves.toBeUndefined();
  });
});
