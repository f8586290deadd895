// issue 39 item 1: no reference leaves the repository. Every file a source file, a README, a
// doc or a config names is in the repository, so a clone alone explains every reference it
// makes (tests/support/repository-references.ts says what counts as a reference).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenReferences, brokenReferencesIn, type RepositoryView } from '../support/repository-references';

// Documents of another project, named in pieces so that this file cites none of them itself
const ARCH = ['ARCHITECTURE', 'md'].join('.');
const STYLE = ['STYLE', 'md'].join('.');
const PROTOCOL = ['SUPABASE-PROTOCOL', 'md'].join('.');
const SHARED_RESEARCH = ['..', 'shared', 'research', 'emediplan.md'].join('/');
const ABS_RESEARCH = ['', 'work', 'shared', 'research', 'emediplan.md'].join('/');

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The check and this test name broken references on purpose, as examples. */
const EXAMPLES = ['tests/support/repository-references.ts', 'tests/unit/repository-references.test.ts'];

/** A small repository: these files and folders, git ignoring `supabase/.local`. */
function repository(paths: string[], documentAddresses: string[] = []): RepositoryView {
  const all = new Set(paths.flatMap((path) => path.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
  return {
    exists: (path) => path === '.' || all.has(path.replace(/\/$/, '')),
    ignored: (path) => path === 'supabase/.local' || path.startsWith('supabase/.local/'),
    baseNames: new Set(paths.map((path) => path.split('/').pop() ?? '')),
    documentAddresses,
  };
}

const REPO = repository([
  'README.md',
  'docs/architecture.md',
  'docs/decisions/0049-levels-inside-data.md',
  'src/data/README.md',
  'src/data/outbox/signal.ts',
  'src/data/outbox/ids.ts',
  'supabase/local/README.md',
]);
const refs = (file: string, text: string, view = REPO) => brokenReferencesIn(view, file, text).map((r) => r.reference);

describe('the references of one file', () => {
  it('refuses a document that lives outside the repository, by name or by path', () => {
    expect(refs('src/data/outbox/signal.ts', `// replayed when online (${ARCH}, Write)`)).toEqual([ARCH]);
    expect(refs('eslint.config.js', `// Features never import each other (${STYLE}).`)).toEqual([STYLE]);
    expect(refs('supabase/local/README.md', `noted in \`${PROTOCOL}\``)).toEqual([PROTOCOL]);
    expect(refs('src/domain/emediplan/README.md', `Facts: \`${SHARED_RESEARCH}\`.`)).toEqual([SHARED_RESEARCH]);
    expect(refs('src/domain/emediplan/README.md', `Facts: \`${ABS_RESEARCH}\`.`)).toEqual([ABS_RESEARCH]);
  });

  it('refuses a path from the root, a relative path and a link that lead nowhere', () => {
    expect(refs('src/data/README.md', 'the ids (`src/data/outbox/temp-ids.ts`)')).toEqual(['src/data/outbox/temp-ids.ts']);
    expect(refs('src/data/outbox/signal.ts', '// the temporary ids (../local/temp-ids.ts)')).toEqual(['../local/temp-ids.ts']);
    expect(refs('README.md', 'see [the map](docs/map.md) and [decisions](docs/decisions/0050-x.md)')).toEqual(['docs/map.md', 'docs/decisions/0050-x.md']);
    expect(refs('README.md', 'a [link out of the clone](../elsewhere/README.md)')).toEqual(['../elsewhere/README.md']);
  });

  it('takes what is there: from the root, beside the file, linked, a bare name some file has, a folder', () => {
    expect(refs('src/data/README.md', 'see `docs/architecture.md` and `src/data/outbox/` and `./outbox/ids.ts`')).toEqual([]);
    expect(refs('supabase/local/README.md', 'in [docs/architecture.md](../../docs/architecture.md), each folder has a `README.md`')).toEqual([]);
    expect(refs('docs/architecture.md', '[0049](decisions/0049-levels-inside-data.md)')).toEqual([]);
    expect(refs('src/data/outbox/signal.ts', "import { newOutboxId } from './ids';")).toEqual([]);
  });

  it('leaves web addresses, patterns, imports and paths made at run time alone', () => {
    expect(refs('docs/architecture.md', 'https://github.com/supabase/realtime/blob/main/README.md and supabase/walrus')).toEqual([]);
    expect(refs('README.md', '`src/features/<area>`, `tests/backend/**/*.postgres.test.ts`, `lang/${lang}.json`, `lang/%s.json`')).toEqual([]);
    expect(refs('src/data/outbox/signal.ts', "const m = await import('./later');")).toEqual([]);
    expect(refs('README.md', 'the data folder `supabase/.local/pglite` (git-ignored)')).toEqual([]);
  });

  it("takes a document of another repository only when docs/ gives that document's address", () => {
    const withAddress = repository(['docs/research/emediplan.md'], ['https://github.com/ig-emediplan/specification/blob/HEAD/chmed16a/README.md']);
    expect(refs('src/domain/emediplan/plan-sheet.ts', '// the printed plan (chmed16a/README.md)', withAddress)).toEqual([]);
    expect(refs('src/domain/emediplan/plan-sheet.ts', '// the posology (chmed23a/posology.md)', withAddress)).toEqual(['chmed23a/posology.md']);
  });

  it('lets a decision record name a source file removed since, never a missing document', () => {
    const record = 'docs/decisions/0042-react.md';
    expect(refs(record, 'the aliases (`scripts/react-renderer.ts`) — none now')).toEqual([]);
    expect(refs(record, `see \`docs/gone.md\` and ${ARCH}`)).toEqual(['docs/gone.md', ARCH]);
  });

  it('names the line of each broken reference', () => {
    expect(brokenReferencesIn(REPO, 'src/a.ts', `// fine\n// see ${ARCH}\n`)).toEqual([{ file: 'src/a.ts', line: 2, reference: ARCH }]);
  });
});

describe('the repository', () => {
  it('names only files it holds', () => {
    expect(brokenReferences(ROOT, EXAMPLES)).toEqual([]);
  });
});
