#!/usr/bin/env node
// `npm start`: the local Supabase stack, then — once it answers /health — the Vite dev
// server pointed at it. Ctrl-C (or either process ending) stops both.
import { spawn } from 'node:child_process';

const apiUrl = `http://${process.env.SUPABASE_HOST ?? '127.0.0.1'}:${process.env.SUPABASE_PORT ?? 54321}`;
const children = [];
let stopping = false;

function run(command, args, env = {}) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => stopAll(code ?? 0));
  return child;
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
  setTimeout(() => process.exit(code), 3000).unref();
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

async function waitForStack(timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && !stopping) {
    try {
      if ((await fetch(`${apiUrl}/health`)).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

run(process.execPath, ['--import', 'tsx', 'supabase/local/main.ts']);
if (await waitForStack()) {
  run(process.execPath, ['node_modules/vite/bin/vite.js'], { VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? apiUrl });
} else if (!stopping) {
  console.error(`The local stack did not answer on ${apiUrl}/health; see its output above.`);
  stopAll(1);
}
