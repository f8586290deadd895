// The catalogues reach the app parsed at build time (scripts/precompiled-catalogues.ts): every
// message must read exactly as the text would, in both languages (spec §1 languages, §8).
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import de from '../../lang/de.json';
import fr from '../../lang/fr.json';
import { compileCatalogue } from '../../scripts/precompiled-catalogues';
import { loadCatalogue } from '../../src/i18n/catalogues';
import { makeIntl } from '../../src/i18n/intl';
import type { Lang } from '../../src/i18n/languages';

const texts: Record<Lang, Record<string, string>> = { de, fr };

type Value = string | number | Date | ((chunks: unknown[]) => string);

/** A value for every argument of a message: numbers for plurals and numbers, a date, tags as markers. */
function sampleValues(elements: MessageFormatElement[], count: number, into: Record<string, Value> = {}): Record<string, Value> {
  for (const el of elements) {
    if (el.type === TYPE.argument) into[el.value] ??= `«${el.value}»`;
    if (el.type === TYPE.number || el.type === TYPE.plural) into[el.value] = count;
    if (el.type === TYPE.date || el.type === TYPE.time) into[el.value] = new Date(Date.UTC(2026, 2, 29, 0, 30));
    if (el.type === TYPE.select) into[el.value] ??= Object.keys(el.options).find((key) => key !== 'other') ?? 'other';
    if (el.type === TYPE.select || el.type === TYPE.plural) Object.values(el.options).forEach((option) => sampleValues(option.value, count, into));
    if (el.type === TYPE.tag) {
      const name = el.value;
      into[name] = (chunks) => `<${name}>${chunks.join('')}</${name}>`;
      sampleValues(el.children, count, into);
    }
  }
  return into;
}

const read = (out: unknown): string => (Array.isArray(out) ? out.join('') : String(out));

describe.each(['de', 'fr'] as const)('the precompiled %s catalogue', (lang) => {
  const compiled = compileCatalogue(texts[lang], `${lang}-CH`);
  const fromText = makeIntl(lang, texts[lang]);
  const fromAst = makeIntl(lang, compiled);

  it('has every message of the text catalogue and no other', () => {
    expect(Object.keys(compiled).sort()).toEqual(Object.keys(texts[lang]).sort());
  });

  it.each([0, 1, 2, 1234.5])('reads exactly as the text for every message (numbers and plurals with %s)', (count) => {
    const differing: string[] = [];
    for (const id of Object.keys(texts[lang])) {
      const values = sampleValues(compiled[id] ?? [], count);
      const [expected, actual] = [read(fromText.formatMessage({ id }, values)), read(fromAst.formatMessage({ id }, values))];
      if (actual !== expected) differing.push(`${id}: ${actual} ≠ ${expected}`);
    }
    expect(differing).toEqual([]);
  });

  it('is what the app loads (spec §8: texts come from the catalogue)', async () => {
    const loaded = await loadCatalogue(lang);
    expect(loaded['dashboard.plan.title']).toEqual(compiled['dashboard.plan.title']);
    expect(Array.isArray(loaded['dashboard.plan.title'])).toBe(true);
  });
});

describe('compileCatalogue', () => {
  it('names the message that is no valid ICU', () => {
    expect(() => compileCatalogue({ 'a.fine': 'Hallo {name}', 'b.broken': 'Hallo {name' }, 'de-CH')).toThrow(/b\.broken/);
  });

  it('keeps a plain text a single literal (formatjs returns it without a formatter)', () => {
    expect(compileCatalogue({ 'a.plain': 'Einnahmeplan' }, 'de-CH')['a.plain']).toEqual([{ type: TYPE.literal, value: 'Einnahmeplan' }]);
  });
});
