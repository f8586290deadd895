#!/usr/bin/env node
// Merges new messages into both catalogues at once, so German and French stay in step.
// Usage: node scripts/lang-add.mjs messages.json   where the file holds
//   { "area.key": ["German text", "French text"], ... }
// Keys already present are overwritten; catalogues are written sorted by key.
// Runs under an exclusive lock (flock on lang/.lock) because several people may add at once.
import { readFileSync, writeFileSync, openSync, closeSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const input = process.argv[2];
if (!input) {
  console.error('usage: node scripts/lang-add.mjs messages.json');
  process.exit(2);
}
if (!process.env.LANG_ADD_LOCKED) {
  const lock = join(root, 'lang', '.lock');
  closeSync(openSync(lock, 'a'));
  execFileSync('flock', [lock, process.execPath, fileURLToPath(import.meta.url), input], {
    stdio: 'inherit',
    env: { ...process.env, LANG_ADD_LOCKED: '1' },
  });
  process.exit(0);
}
const additions = JSON.parse(readFileSync(input, 'utf8'));
for (const [index, lang] of ['de', 'fr'].entries()) {
  const file = join(root, 'lang', `${lang}.json`);
  const catalogue = JSON.parse(readFileSync(file, 'utf8'));
  for (const [key, texts] of Object.entries(additions)) {
    if (!Array.isArray(texts) || texts.length !== 2 || texts.some((t) => typeof t !== 'string' || !t.trim())) {
      console.error(`${key}: expected ["German", "French"]`);
      process.exit(1);
    }
    catalogue[key] = texts[index];
  }
  const sorted = Object.fromEntries(Object.entries(catalogue).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(file, JSON.stringify(sorted, null, 2) + '\n');
}
console.log(`added ${Object.keys(additions).length} messages to lang/de.json and lang/fr.json`);
