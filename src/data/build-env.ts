// The app's build-time configuration, parsed with the schema of build-env-schema.ts: by
// vite.config.ts when it builds (which fails on a wrong value and hands the result over as
// __BUILD_ENV__), here at start where nothing did (the dev server, tests).
import { parseBuildEnv, type BuildEnv } from './build-env-schema';

declare const __BUILD_ENV__: BuildEnv | undefined;

export const buildEnv: BuildEnv = typeof __BUILD_ENV__ === 'object' ? __BUILD_ENV__ : parseBuildEnv(import.meta.env);
