// Reads supabase/config.toml, as the Supabase CLI does for `supabase start`, with a complete
// TOML parser (smol-toml). A file that does not parse stops the stack with the file, line and
// column: a setting silently dropped would make the local stack differ from hosted Supabase.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse, TomlError, type TomlTableWithoutBigInt } from 'smol-toml';

export type TomlTable = TomlTableWithoutBigInt;

export class ConfigTomlError extends Error {
  override readonly name = 'ConfigTomlError';
}

export const CONFIG_TOML_PATH = fileURLToPath(new URL('../config.toml', import.meta.url));

/** The document as nested tables; a syntax error names `file`, line and column. */
export function parseToml(text: string, file = 'config.toml'): TomlTable {
  try {
    return parse(text, { integersAsBigInt: false });
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const reason = error.message.replace(/^Invalid TOML document: /, '').split('\n')[0];
    throw new ConfigTomlError(`${file}:${error.line}:${error.column}: invalid TOML: ${reason}\n${error.codeblock}`, { cause: error });
  }
}

/** The table at a dotted path (`auth.email`); empty when absent, an error when the key holds a value. */
export function tableAt(toml: TomlTable, path: string, file = 'config.toml'): TomlTable {
  let table: TomlTable = toml;
  for (const key of path.split('.')) {
    const next = table[key];
    if (next === undefined) return {};
    if (typeof next !== 'object' || next === null || Array.isArray(next) || next instanceof Date) {
      throw new ConfigTomlError(`${file}: [${path}] must be a table, "${key}" is a value`);
    }
    table = next as TomlTable;
  }
  return table;
}

function typed<T>(table: TomlTable, key: string, where: string, type: string, is: (v: unknown) => v is T): T | undefined {
  const value = table[key];
  if (value === undefined) return undefined;
  if (!is(value)) throw new ConfigTomlError(`${where}: ${key} must be a ${type}, not ${JSON.stringify(value)}`);
  return value;
}

/** Typed values of a table: undefined when absent, an error naming the table when of another type. */
export const tomlString = (table: TomlTable, key: string, where: string) =>
  typed(table, key, where, 'string', (v): v is string => typeof v === 'string');
export const tomlNumber = (table: TomlTable, key: string, where: string) =>
  typed(table, key, where, 'number', (v): v is number => typeof v === 'number');
export const tomlBoolean = (table: TomlTable, key: string, where: string) =>
  typed(table, key, where, 'boolean', (v): v is boolean => typeof v === 'boolean');

/** supabase/config.toml; a missing file gives the CLI's defaults, a malformed one throws. */
export function readConfigToml(path = CONFIG_TOML_PATH): TomlTable {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  return parseToml(text, path);
}
