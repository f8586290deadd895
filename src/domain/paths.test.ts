import { describe, expect, it } from 'vitest';
import { paths, withQuery } from './paths.ts';

/** The wouter pattern as a regular expression over a path (":name?" optional segments). */
const matcher = (pattern: string) =>
  new RegExp(`^${pattern.replace(/\/:[A-Za-z]+\?/g, '(?:/[^/]+)?').replace(/\/:[A-Za-z]+/g, '/[^/]+')}$`);

describe('paths', () => {
  it('every href builder answers a path its own pattern matches', () => {
    for (const [name, { path, href }] of Object.entries(paths)) {
      const built = (href as () => string)();
      expect(matcher(path).test(built.split('?')[0] ?? ''), `${name}: ${built} ~ ${path}`).toBe(true);
    }
  });

  // spec §2 query parameters
  it('builds the query of each route', () => {
    expect(paths.login.href({ register: true })).toBe('/login?register=1');
    expect(paths.login.href({ next: '/orders?id=4' })).toBe('/login?next=%2Forders%3Fid%3D4');
    expect(paths.prescriptions.href({ active: false })).toBe('/prescriptions?active=false');
    expect(paths.orders.href({ success: true, id: 240017 })).toBe('/orders?success=1&id=240017');
    expect(paths.orders.href({ active: true })).toBe('/orders?active=true');
    expect(paths.orders.href({ success: true, key: '0b6f3c1e-7d2a-4c9e-9f1a-2d3e4f5a6b7c' })).toBe('/orders?success=1&key=0b6f3c1e-7d2a-4c9e-9f1a-2d3e4f5a6b7c');
    expect(paths.orderInsurance.href()).toBe('/order/insurance?isOrder=true');
    expect(paths.profileInsurance.href({ isOrder: true })).toBe('/profile/insurance?isOrder=true');
    expect(paths.profileOverview.href(2)).toBe('/profile/overview/2');
    expect(paths.profilePassword.href(true)).toBe('/profile/password/reset');
    expect(paths.genericsCalculator.href({ pharmacode: 1234567 })).toBe('/generics/calculator?pharmacode=1234567');
    // issue 24
    expect(paths.dosesHistory.href({ week: '2026-11-22' })).toBe('/doses/history?week=2026-11-22');
    expect(paths.dosesDay.href('2026-11-24')).toBe('/doses/day/2026-11-24');
    expect(paths.dosesReport.href({ from: '2026-10-26', to: '2026-11-24' })).toBe('/doses/report?from=2026-10-26&to=2026-11-24');
  });

  it('leaves absent values out', () => {
    expect(withQuery('/x', { a: undefined, b: null, c: false, d: 0 })).toBe('/x?d=0');
  });
});
