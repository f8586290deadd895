// npm run gen:types: writes src/data/database.types.ts from the migrated schema.
import { readFile, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { generateDatabaseTypes, TYPES_FILE } from './generate.ts';

const text = await generateDatabaseTypes();
const before = await readFile(TYPES_FILE, 'utf8').catch(() => null);
await writeFile(TYPES_FILE, text);
console.log(`${relative(process.cwd(), TYPES_FILE)}: ${before === text ? 'unchanged' : 'written'}`);
