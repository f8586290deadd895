// @vitest-environment happy-dom
// issue 38 item 8: the catalogue's pack units (German abbreviations) in the language shown.
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../i18n/test-providers';
import { usePackUnit } from './use-pack-unit';

const unitIn = (lang: 'de' | 'fr', qtyu: string | null) =>
  renderHook(() => usePackUnit(), { wrapper: ({ children }: { children: ReactNode }) => <TestProviders lang={lang}>{children}</TestProviders> }).result.current(qtyu);

describe('a pack unit in the language', () => {
  it.each([
    ['Stk', 'Stk', 'pce'],
    ['Stk.', 'Stk', 'pce'],
    ['Tabl', 'Tabl', 'cpr'],
    ['Kaps', 'Kaps', 'caps'],
    ['Btl', 'Btl', 'sach'],
    ['ml', 'ml', 'ml'],
    // one the catalogue has that we do not know: as given, not guessed
    ['Pflaster', 'Pflaster', 'Pflaster'],
  ])('%s: %s in German, %s in French', (qtyu, german, french) => {
    expect(unitIn('de', qtyu)).toBe(german);
    expect(unitIn('fr', qtyu)).toBe(french);
  });

  it.each([null, '', '  '])('none for %j', (qtyu) => {
    expect(unitIn('fr', qtyu)).toBeNull();
  });
});
