// Every build-time variable of the app (VITE_*) in one schema. vite.config.ts parses the
// variables with it before it builds, so a build meant for hosting that lacks its project fails
// with the names of what is missing instead of shipping an app that talks to 127.0.0.1, and
// hands the result to the app (build-env.ts; the dev server and the tests parse at start).
// No import.meta here: Node runs it too.
//
// Which build is which is said explicitly: VITE_TARGET=hosted is a build for a Supabase
// project and needs VITE_SUPABASE_URL (https, not this machine) and a key; without it
// (`local`, the default) the local stack's defaults apply: `npm start`, the tests, e2e.
import * as v from 'valibot';

export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
/** The Supabase CLI's demo anon key, which the local stack uses too (supabase/local/config.ts). */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
/** The pharmacy site's disruption post (WordPress REST); {lang} is replaced by de/fr. */
export const DEFAULT_DISRUPTION_URL = 'https://www.rezeptpost.ch/wp-json/wp/v2/posts?slug=stoerung-{lang}&_fields=title,content';
/** The product-index image host (src/data/images/product-image.ts). */
export const DEFAULT_PRODUCT_IMAGE_HOST = 'https://documedis.hcisolutions.ch/2020-01/api/products/image';

export const BUILD_TARGETS = ['local', 'hosted'] as const;
export type BuildTarget = (typeof BUILD_TARGETS)[number];

/** What the app reads of its build. */
export interface BuildEnv {
  target: BuildTarget;
  /** the Supabase API */
  supabaseUrl: string;
  /** the key the client sends: the publishable key, else the legacy anon key, else (local) the CLI's */
  supabaseKey: string;
  /** the disruption post's URL template; '' turns the banner off */
  disruptionUrl: string;
  /** base URL of the product pictures; '' turns them off */
  productImageHost: string;
}

export const BUILD_ENV_NAMES = [
  'VITE_TARGET',
  'VITE_SUPABASE_URL',
  'VITE_SUPABASE_PUBLISHABLE_KEY',
  'VITE_SUPABASE_ANON_KEY',
  'VITE_DISRUPTION_URL',
  'VITE_PRODUCT_IMAGE_HOST',
] as const;

/** Set to '' counts as not set for these: `VITE_SUPABASE_URL= npm run build` means the default. */
const EMPTY_IS_UNSET: ReadonlySet<string> = new Set(['VITE_TARGET', 'VITE_SUPABASE_URL', 'VITE_SUPABASE_PUBLISHABLE_KEY', 'VITE_SUPABASE_ANON_KEY']);

function urlOf(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

const isLoopback = (url: URL) => url.hostname === 'localhost' || url.hostname.endsWith('.localhost') || url.hostname === '[::1]' || /^127\./.test(url.hostname);

/** The role claim of a JWT, unverified (the app only has to keep a service-role key out of itself). */
function roleOf(jwt: string): unknown {
  try {
    const part = jwt.split('.')[1] ?? '';
    return (JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown }).role;
  } catch {
    return undefined;
  }
}

const httpUrl = (name: string) => v.pipe(v.string(), v.check((text) => urlOf(text) !== null, `${name} is not an http(s) URL`));
const httpUrlOrOff = (name: string) => v.pipe(v.string(), v.check((text) => text === '' || urlOf(text) !== null, `${name} is not an http(s) URL (empty turns it off)`));
const SECRET = `a secret key must never be built into the app: use the project's publishable key`;
/** A key that bypasses RLS: a secret key or a JWT of the service role (refused once, not twice). */
const isSecret = (key: string) => key.startsWith('sb_secret_') || roleOf(key) === 'service_role';

/** Made when asked (a parse is rare): a built app that got its result from the build ships none of it. */
const buildEnvSchema = () =>
  v.pipe(
    v.object({
      VITE_TARGET: v.optional(v.picklist(BUILD_TARGETS, 'VITE_TARGET is neither local nor hosted'), 'local'),
      VITE_SUPABASE_URL: v.optional(httpUrl('VITE_SUPABASE_URL')),
      VITE_SUPABASE_PUBLISHABLE_KEY: v.optional(
        v.pipe(
          v.string(),
          v.check((key) => !isSecret(key), `VITE_SUPABASE_PUBLISHABLE_KEY is a secret key: ${SECRET}`),
          v.check((key) => isSecret(key) || key.startsWith('sb_publishable_'), 'VITE_SUPABASE_PUBLISHABLE_KEY does not start with sb_publishable_'),
        ),
      ),
      VITE_SUPABASE_ANON_KEY: v.optional(
        v.pipe(
          v.string(),
          v.check((key) => !isSecret(key), `VITE_SUPABASE_ANON_KEY is a secret key: ${SECRET}`),
          v.check((key) => isSecret(key) || key.startsWith('sb_publishable_') || roleOf(key) === 'anon', 'VITE_SUPABASE_ANON_KEY is not an anon key (a JWT of role anon)'),
        ),
      ),
      VITE_DISRUPTION_URL: v.optional(httpUrlOrOff('VITE_DISRUPTION_URL'), DEFAULT_DISRUPTION_URL),
      VITE_PRODUCT_IMAGE_HOST: v.optional(httpUrlOrOff('VITE_PRODUCT_IMAGE_HOST'), DEFAULT_PRODUCT_IMAGE_HOST),
    }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || dataset.value.VITE_TARGET !== 'hosted') return;
      const env = dataset.value;
      const url = env.VITE_SUPABASE_URL === undefined ? null : urlOf(env.VITE_SUPABASE_URL);
      if (env.VITE_SUPABASE_URL === undefined) addIssue({ message: "VITE_SUPABASE_URL is missing: the project's API URL, https://<project-ref>.supabase.co" });
      else if (url && isLoopback(url)) addIssue({ message: `VITE_SUPABASE_URL points at this machine (${url.host}), not at a hosted project` });
      else if (url && url.protocol !== 'https:') addIssue({ message: 'VITE_SUPABASE_URL must be https for a hosted build (a PWA is served over https and may not call http)' });
      if (env.VITE_SUPABASE_PUBLISHABLE_KEY === undefined && env.VITE_SUPABASE_ANON_KEY === undefined) {
        addIssue({ message: "VITE_SUPABASE_PUBLISHABLE_KEY is missing (or the legacy VITE_SUPABASE_ANON_KEY): the project's public API key" });
      }
    }),
    v.transform(
      (env): BuildEnv => ({
        target: env.VITE_TARGET,
        supabaseUrl: env.VITE_SUPABASE_URL ?? LOCAL_SUPABASE_URL,
        supabaseKey: env.VITE_SUPABASE_PUBLISHABLE_KEY ?? env.VITE_SUPABASE_ANON_KEY ?? LOCAL_ANON_KEY,
        disruptionUrl: env.VITE_DISRUPTION_URL,
        productImageHost: env.VITE_PRODUCT_IMAGE_HOST,
      }),
    ),
  );

/** The variables the schema knows, as strings; '' as unset where it means the default. */
function knownVariables(raw: Readonly<Record<string, unknown>>): Record<string, string | undefined> {
  const known: Record<string, string | undefined> = {};
  for (const name of BUILD_ENV_NAMES) {
    const value = typeof raw[name] === 'string' ? (raw[name] as string).trim() : undefined;
    known[name] = value === '' && EMPTY_IS_UNSET.has(name) ? undefined : value;
  }
  return known;
}

/** What is wrong with the build's variables, one line each naming the variable; [] when nothing is. */
export function buildEnvProblems(raw: Readonly<Record<string, unknown>>): string[] {
  const result = v.safeParse(buildEnvSchema(), knownVariables(raw));
  return result.success ? [] : result.issues.map((issue) => issue.message);
}

/** The build's configuration; throws naming every variable that is missing or wrong. */
export function parseBuildEnv(raw: Readonly<Record<string, unknown>>): BuildEnv {
  const result = v.safeParse(buildEnvSchema(), knownVariables(raw));
  if (result.success) return result.output;
  const target = knownVariables(raw).VITE_TARGET ?? 'local';
  throw new Error(
    [`The build variables of this ${target} build are missing or wrong:`, ...result.issues.map((issue) => `  - ${issue.message}`), 'See README.md, "Deploy to hosted Supabase".'].join('\n'),
  );
}
