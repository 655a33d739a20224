import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

/** Builds the web client when web/dist is missing or older than its sources: the gateway serves the build. */
export default function setup(): void {
  const built = join(root, 'web', 'dist', 'index.html');
  const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'libs/contracts/src'].map((p) => join(root, p)).filter(existsSync);
  const stale = !existsSync(built) || sources.some((p) => newestMtime(p) > statSync(built).mtimeMs);
  if (stale) {
    console.log('[browser tests] building the web client (web/dist is missing or stale)');
    // Vitest sets NODE_ENV=test, and Vite would take it and bundle React's development build.
    execFileSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
}
