import { describe, expect, it } from 'vitest';
import { repairMojibake } from './mojibake.ts';

// Each broken text below is what a UTF-8 text becomes when read as Windows-1252 and written
// out as UTF-8 again (Python: text.encode('utf-8').decode('cp1252')).
describe('mojibake: double-encoded text (docs/research/emediplan.md: copies of HIN codes with text encoded twice)', () => {
  it.each([
    ['BlutverdÃ¼nnung', 'Blutverdünnung'],
    ['GrÃ¶ÃŸe', 'Größe'],
    ['Ã§a, Ã\u00a0 Paris', 'ça, à Paris'],
    ['ZoÃ© MÃ¼ller-BrÃ¤ndli', 'Zoé Müller-Brändli'],
    ['lâ€™Ã©tÃ©, 20 â‚¬', 'l’été, 20 €'],
    ['GenÃ¨ve', 'Genève'],
  ])('%s is repaired to %s', (broken, sound) => {
    expect(repairMojibake({ text: broken })).toStrictEqual({ value: { text: sound }, repaired: true });
  });

  it.each([
    'Blutverdünnung',
    'Größe',
    'ça, à Paris, déjà l’été',
    'Süß–Sauer',
    'ÜBERSICHT’S',
    '½ Tablette « avant le repas »',
    'Ärztin: Dr. Çelik – 50 €',
    // issue 38 item 7: read back, these would give Ƞ and ǒ, letters no plan holds
    'ÊTRE À JEUN, SURTOUT APRÈ\u00a0: voir la notice',
    'Ç’est la dose du soir',
  ])('%s is sound and left alone', (sound) => {
    expect(repairMojibake({ text: sound })).toStrictEqual({ value: { text: sound }, repaired: false });
  });

  it.each([
    ['double-encoded beside a sound accent', 'ZÃ¼rich, Zürich'],
    ['encoded twice over', 'ZÃƒÂ¼rich'],
    ['double-encoded beside a character no single byte stands for', 'CafÃ© ☕'],
  ])('%s cannot be repaired: %s', (_, broken) => {
    expect(repairMojibake({ text: broken })).toBeNull();
  });

  it('looks into nested objects and lists, and keys nothing but strings', () => {
    expect(repairMojibake({ a: [{ b: 'MÃ¼ller' }, 1, null, true], c: 'ok' })).toStrictEqual({
      value: { a: [{ b: 'Müller' }, 1, null, true], c: 'ok' },
      repaired: true,
    });
  });
});
