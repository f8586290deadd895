// spec §1 languages: both catalogues hold every visible string, in step, as valid ICU.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { typeScriptFiles } from '../support/typescript-files';
import de from '../../lang/de.json';
import fr from '../../lang/fr.json';

const catalogues: Record<string, Record<string, string>> = { de, fr };

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) into.add(el.value);
    if (el.type === TYPE.select || el.type === TYPE.plural) {
      into.add(el.value);
      Object.values(el.options).forEach((o) => argumentsOf(o.value, into));
    }
    if (el.type === TYPE.tag) {
      into.add(`<${el.value}>`);
      argumentsOf(el.children, into);
    }
  }
  return into;
}

/** The app's TypeScript files under dir, not its tests. */
const sourceFiles = (dir: string): string[] => typeScriptFiles(dir).filter((path) => !/\.test\.tsx?$/u.test(path));

describe('language catalogues', () => {
  it('have exactly the same keys', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(de).sort());
  });

  it.each(Object.keys(de))('%s is valid ICU with the same arguments in de and fr', (key) => {
    const [deText, frText] = [catalogues.de?.[key], catalogues.fr?.[key]];
    expect(deText?.trim()).toBeTruthy();
    expect(frText?.trim()).toBeTruthy();
    const [deArgs, frArgs] = [argumentsOf(parse(deText ?? '')), argumentsOf(parse(frText ?? ''))];
    expect([...frArgs].sort()).toEqual([...deArgs].sort());
  });

  it('hold every message id written literally in the source', () => {
    const pattern = /(?:\bid=|\bmsg\(|\bnotify\([^,]+,\s*|[Ii]d:\s*)['"]([a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+)['"]/g;
    const missing: string[] = [];
    for (const file of sourceFiles(join(__dirname, '../../src'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
        const id = match[1] ?? '';
        if (!(id in de)) missing.push(`${id} (${file})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
