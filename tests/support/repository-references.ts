// Every file the repository names must be in the repository (issue 39 item 1): a clone alone
// explains every reference it makes. This reads the repository's text files and lists each
// reference to a file or folder that is not there:
// - Markdown links with a relative target (in Markdown files; to the linking file);
// - relative paths in text and comments (to the file; imports are TypeScript's to check);
// - paths from the root: docs, src, supabase, tests, scripts, sw, lang, .ci;
// - Markdown files by name: beside the file, from the root, a bare name that some file of the
//   repository has, or a document of another repository whose web address docs/ gives;
// - paths on the authors' machine (under /work), never part of a clone.
// Web addresses are left alone, and so are patterns (a star, a placeholder in angle or curly
// brackets, a template's dollar, printf's %s), git-ignored paths (made at run time), and source
// paths in decision records (a record is history: it may name a file removed since).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, posix } from 'node:path';

export interface BrokenReference {
  /** the file that names it, from the repository's root */
  file: string;
  line: number;
  reference: string;
}

/** What the check knows of the repository. Paths are posix, from the root, normalised. */
export interface RepositoryView {
  /** whether a file or folder is in the repository */
  exists(path: string): boolean;
  /** whether git ignores the path (a file made at run time may be named while absent) */
  ignored(path: string): boolean;
  /** the base names of every file (for a Markdown file named without a folder) */
  baseNames: ReadonlySet<string>;
  /** web addresses that docs/ gives, for the documents of other repositories */
  documentAddresses: readonly string[];
}

const TEXT_EXTENSIONS = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.md', '.sql', '.toml', '.html', '.css', '.txt', '.yml', '.yaml', '.sh']);
/** Text files without an extension that hold references. */
const TEXT_FILES = new Set(['.ci/run']);
const NOT_READ = new Set(['package-lock.json']);

/** Repositories named `owner/name` whose owner is one of our folders' names: not our paths. */
export const OUTSIDE_REPOSITORIES = new Set(['supabase/auth', 'supabase/cli', 'supabase/realtime', 'supabase/walrus', 'supabase/supabase-js', 'supabase/supabase', 'supabase/postgres']);

const ROOT_FOLDERS = ['docs', 'src', 'supabase', 'tests', 'scripts', 'sw', 'lang', '\\.ci'];
const PATH_CHAR = String.raw`[^\s'"\`()\[\],;:|]`;
const NOT_AFTER = String.raw`(?<![\w./@#\\-])`;
const ROOT_PATH = new RegExp(String.raw`${NOT_AFTER}(?:${ROOT_FOLDERS.join('|')})/${PATH_CHAR}*`, 'g');
const RELATIVE_PATH = new RegExp(String.raw`${NOT_AFTER}\.\.?/${PATH_CHAR}+`, 'g');
const MARKDOWN_NAME = new RegExp(String.raw`${NOT_AFTER}[\w.-]+(?:/[\w.-]+)*\.md\b`, 'g');
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;
const MACHINE_PATH = /(?<![\w./-])\/work\/[^\s'"`)]*/g;
const WEB_ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"`)>\]]*/gi;
/** A Markdown link to a web address: its text names what is at that address. */
const LINK_TO_ADDRESS = /\[[^\]]*\]\(\s*[a-z][a-z0-9+.-]*:\/\/[^)]*\)/gi;
const PATTERN = /[*<>{}$…%]/;
/** An import or a require names its module; TypeScript and the bundler check those. */
const MODULE_SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\(\s*)['"]$/;
const HISTORY = /^docs\/decisions\//;
const IMPORT_EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '.json', '/index.ts', '/index.tsx'];

/** A path's text without what ends the sentence around it, an anchor or a query. */
const trimmed = (raw: string): string => raw.replace(/[#?].*$/, '').replace(/[.,:;!?]+$/, '');

const resolves = (view: RepositoryView, path: string): boolean =>
  IMPORT_EXTENSIONS.some((ext) => view.exists(posix.normalize(path + ext))) || view.ignored(posix.normalize(path));

const givenAddress = (view: RepositoryView, name: string): boolean => view.documentAddresses.some((address) => address.endsWith(`/${name}`));

/** Every reference of one file (path from the root) that does not resolve. */
export function brokenReferencesIn(view: RepositoryView, file: string, text: string): BrokenReference[] {
  const found: BrokenReference[] = [];
  const here = posix.dirname(file);
  const markdown = file.endsWith('.md');
  text.split('\n').forEach((raw, index) => {
    const reported = new Set<string>();
    const report = (reference: string) => {
      if (!reported.has(reference)) found.push({ file, line: index + 1, reference });
      reported.add(reference);
    };
    for (const match of raw.matchAll(MACHINE_PATH)) report(match[0]);
    const line = (markdown ? raw.replace(LINK_TO_ADDRESS, ' ') : raw).replace(WEB_ADDRESS, ' ');
    const linked = new Set<number>();

    if (markdown) {
      for (const match of line.matchAll(MARKDOWN_LINK)) {
        const target = trimmed(match[1] ?? '');
        linked.add((match.index ?? 0) + 2);
        if (!target || target.startsWith('mailto:') || PATTERN.test(target)) continue;
        const path = posix.normalize(target.startsWith('/') ? target.slice(1) : posix.join(here, target));
        if (path.startsWith('..') || !resolves(view, path)) report(target);
      }
    }
    for (const match of line.matchAll(RELATIVE_PATH)) {
      const target = trimmed(match[0]);
      const at = match.index ?? 0;
      if (linked.has(at) || PATTERN.test(target) || !/[\w-]/.test(target) || MODULE_SPECIFIER.test(line.slice(0, at))) continue;
      const path = posix.normalize(posix.join(here, target));
      if (path.startsWith('..') || !resolves(view, path)) report(target);
    }
    for (const match of line.matchAll(ROOT_PATH)) {
      const target = trimmed(match[0]);
      if (PATTERN.test(target) || OUTSIDE_REPOSITORIES.has(target.replace(/\/$/, ''))) continue;
      if (HISTORY.test(file) && !target.endsWith('.md')) continue;
      if (!resolves(view, posix.normalize(target)) && !givenAddress(view, target)) report(target);
    }
    for (const match of line.matchAll(MARKDOWN_NAME)) {
      const name = match[0];
      const found =
        view.exists(posix.normalize(posix.join(here, name))) ||
        view.exists(posix.normalize(name)) ||
        (!name.includes('/') && view.baseNames.has(name)) ||
        givenAddress(view, name);
      if (!found) report(name);
    }
  });
  return found;
}

/** git's ignore patterns of the root .gitignore, as a test of a path (the simple forms it uses). */
function ignoreTest(gitignore: string): (path: string) => boolean {
  const rules = gitignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'))
    .map((line) => {
      const anchored = line.replace(/\/$/, '').includes('/');
      const body = line.replace(/^\//, '').replace(/\/$/, '');
      const source = body.replace(/[.+^()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
      return new RegExp(anchored ? `^${source}(/|$)` : `(^|/)${source}(/|$)`);
    });
  return (path) => rules.some((rule) => rule.test(path));
}

export interface Repository {
  view: RepositoryView;
  /** its text files: path → content */
  files: ReadonlyMap<string, string>;
}

/** The repository at `root` as the check sees it (git-ignored folders are not read). */
export function readRepository(root: string): Repository {
  const ignored = ignoreTest(readFileSync(join(root, '.gitignore'), 'utf8'));
  const files = new Map<string, string>();
  const paths = new Set<string>();
  const baseNames = new Set<string>();
  const walk = (relative: string) => {
    for (const entry of readdirSync(join(root, relative), { withFileTypes: true })) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.name === '.git' || ignored(path)) continue;
      paths.add(path);
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      baseNames.add(entry.name);
      const text = !NOT_READ.has(entry.name) && (TEXT_EXTENSIONS.has(extname(entry.name)) || TEXT_FILES.has(path));
      if (text && statSync(join(root, path)).size < 2_000_000) files.set(path, readFileSync(join(root, path), 'utf8'));
    }
  };
  walk('');
  const documentAddresses = [...files]
    .filter(([path]) => path.startsWith('docs/'))
    .flatMap(([, text]) => [...text.matchAll(WEB_ADDRESS)].map((match) => match[0].replace(/[.,:;]+$/, '')));
  const exists = (path: string) => path === '.' || paths.has(path.replace(/\/$/, ''));
  return { files, view: { exists, ignored, baseNames, documentAddresses } };
}

/** Every broken reference of the repository at `root`, but in the files of `skip`. */
export function brokenReferences(root: string, skip: readonly string[] = []): BrokenReference[] {
  const { files, view } = readRepository(root);
  return [...files].filter(([file]) => !skip.includes(file)).flatMap(([file, text]) => brokenReferencesIn(view, file, text));
}
