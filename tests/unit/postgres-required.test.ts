// issue 39 item 3: the race suites run wherever the suite runs. Without PostgreSQL 15 the
// project backend-postgres cannot start: under CI that fails the run (vitest.config.ts throws),
// elsewhere the run says that it was left out, never silently.
import { describe, expect, it } from 'vitest';
import { postgresProjectRuns } from '../setup/postgres-server';

describe('the PostgreSQL 15 project', () => {
  it('runs where PostgreSQL 15 is installed, under CI or not, without a word', () => {
    const warnings: string[] = [];
    expect(postgresProjectRuns(true, { CI: 'true' }, (w) => warnings.push(w))).toBe(true);
    expect(postgresProjectRuns(true, {}, (w) => warnings.push(w))).toBe(true);
    expect(warnings).toEqual([]);
  });

  it.each(['true', '1', 'TRUE'])('fails the run when it is missing under CI=%s', (ci) => {
    const warnings: string[] = [];
    expect(() => postgresProjectRuns(false, { CI: ci }, (w) => warnings.push(w))).toThrow(/PostgreSQL 15 is not installed.*apt-get install -y postgresql-15.*fails the run/s);
    expect(warnings).toEqual([]);
  });

  it.each([undefined, '', 'false', '0'])('is left out with a warning naming the race suites when it is missing outside CI (CI=%s)', (ci) => {
    const warnings: string[] = [];
    expect(postgresProjectRuns(false, { CI: ci }, (w) => warnings.push(w))).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/backend-postgres.*\*\.postgres\.test\.ts.*Left out of this run/s);
  });
});
