// The fixtures of tests/fixtures/emediplan (see its README for their sources).
import { readFileSync } from 'node:fs';

const DIR = new URL('../../../tests/fixtures/emediplan/', import.meta.url);

export const fixture = (name: string): string => readFileSync(new URL(name, DIR), 'utf8');

/** A fixture's JSON, parsed by the platform (not by the code under test). */
export const fixtureJson = (name: string): unknown => JSON.parse(fixture(name));
