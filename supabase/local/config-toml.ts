// Reads the values of supabase/config.toml that the local stack follows, as the Supabase CLI
// does for `supabase start`. A small reader for the file's own shapes ([table], key = string |
// number | boolean | array of strings); anything else is ignored, never an error.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type TomlValue = string | number | boolean | string[];
export type TomlTables = Record<string, Record<string, TomlValue>>;

function value(raw: string): TomlValue | undefined {
  const text = raw.trim();
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(text);
  if (quoted) return quoted[1] ?? '';
  if (text.startsWith('[') && text.endsWith(']')) return [...text.slice(1, -1).matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1] ?? '');
  return undefined;
}

export function parseToml(text: string): TomlTables {
  const tables: TomlTables = { '': {} };
  let current = '';
  // multi-line arrays are joined first, so each entry is one logical line
  const lines = text.replace(/\[\s*\n([^\]]*)\]/g, (_, inner: string) => `[${inner.replace(/\s*\n\s*/g, ' ')}]`).split('\n');
  for (const line of lines.map((l) => l.replace(/(^|\s)#.*$/, '').trim()).filter(Boolean)) {
    const header = /^\[([^[\]]+)\]$/.exec(line);
    if (header) {
      // dotted names, segments optionally quoted: [functions."b"] is table functions.b
      current = (header[1] ?? '').split('.').map((part) => part.trim().replace(/^"(.*)"$/, '$1')).join('.');
      tables[current] ??= {};
      continue;
    }
    const pair = /^([A-Za-z0-9_-]+)\s*=\s*(.+)$/.exec(line);
    const parsed = pair ? value(pair[2] ?? '') : undefined;
    if (pair && parsed !== undefined) (tables[current] ??= {})[pair[1] ?? ''] = parsed;
  }
  return tables;
}

export const CONFIG_TOML_PATH = fileURLToPath(new URL('../config.toml', import.meta.url));

export function readConfigToml(path = CONFIG_TOML_PATH): TomlTables {
  try {
    return parseToml(readFileSync(path, 'utf8'));
  } catch {
    return { '': {} };
  }
}
