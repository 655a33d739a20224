/**
 * The JavaScript budget of the two first screens (issue 6): the landing route at most 120 KB gzip,
 * the map route at most 220 KB gzip, in total; and of the checkout with Stripe's bindings (issue 24),
 * at most 170 KB; and of the profile page's own code (issue 25), at most 150 KB. It reads Vite's manifest, so it counts exactly the
 * chunks a route pulls in: the entry, the route's lazy chunk, everything those import statically
 * (Vite preloads them together), and the dynamic imports the route always makes on load (the
 * socket.io client of every signed-in screen), and the web workers those chunks start. Run after
 * `npm run build:web`:
 *
 *   node --import tsx scripts/check-bundle-size.ts [--json]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBudget {
  name: string;
  limitKb: number;
  /** Manifest keys (source paths) loaded on top of the entry. */
  roots: string[];
  /** Count only what the route adds to the entry (a route opened from a screen already loaded). */
  ownOnly?: boolean;
}

export const BUDGETS: RouteBudget[] = [
  { name: 'landing (/ signed out)', limitKb: 120, roots: [] },
  { name: 'map (/ signed in)', limitKb: 220, roots: ['src/app/routes/explore.tsx', 'src/features/directory/components/map-view.tsx', '../node_modules/socket.io-client/build/esm/index.js'] },
  // With Stripe as the provider the checkout adds its Payment Element's React bindings (Stripe.js itself
  // comes from Stripe's own host and is not ours to count); local mode's form never loads them.
  { name: 'checkout (/checkout with Stripe)', limitKb: 170, roots: ['src/app/routes/checkout.tsx', 'src/features/commerce/components/stripe-payment-form.tsx', '../node_modules/socket.io-client/build/esm/index.js'] },
  // The profile page's own code (its forms carry zod and react-hook-form), loaded only when it opens (issue 25).
  { name: 'profile (/profile, own code)', limitKb: 150, roots: ['src/app/routes/profile.tsx'], ownOnly: true },
];

const distDir = resolve(import.meta.dirname, '..', 'web', 'dist');

/**
 * The manifest key of a module: its source path, or, when Rollup merged it into a shared chunk
 * (the key is then `_<name>-<hash>.js`), the dynamic entry named after the file.
 */
function keyOf(manifest: Manifest, root: string): string {
  if (manifest[root]) return root;
  const stem = root.split('/').pop()!.replace(/\.[jt]sx?$/, '');
  const key = Object.keys(manifest).find((k) => manifest[k]!.isDynamicEntry && manifest[k]!.name === stem);
  if (!key) throw new Error(`${root} is not in the build manifest: was it renamed? Update BUDGETS in scripts/check-bundle-size.ts`);
  return key;
}

function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: was it renamed? Update BUDGETS in scripts/check-bundle-size.ts`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

function gzipKb(file: string): number {
  return gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length / 1024;
}

export function measure(manifest: Manifest, budget: RouteBudget): { files: Array<{ file: string; kb: number }>; totalKb: number } {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  const keys = staticClosure(manifest, [entry, ...budget.roots.map((r) => keyOf(manifest, r))]);
  if (budget.ownOnly) for (const k of staticClosure(manifest, [entry])) keys.delete(k);
  const scripts = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  // Workers (`new Worker(new URL(...))`) are not in the manifest; they count where a chunk starts one.
  const workers = new Set(scripts.flatMap((f) => [...readFileSync(join(distDir, f), 'utf8').matchAll(/assets\/[\w.-]+\.worker-[\w-]+\.js/g)].map((m) => m[0])));
  const files = [...scripts, ...workers].map((file) => ({ file, kb: gzipKb(file) }));
  return { files: files.sort((a, b) => b.kb - a.kb), totalKb: files.reduce((s, f) => s + f.kb, 0) };
}

function main(): void {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const json = process.argv.includes('--json');
  let failed = false;
  const results = BUDGETS.map((budget) => {
    const { files, totalKb } = measure(manifest, budget);
    const ok = totalKb <= budget.limitKb;
    failed ||= !ok;
    return { route: budget.name, totalKb: Math.round(totalKb * 10) / 10, limitKb: budget.limitKb, ok, files };
  });
  if (json) console.log(JSON.stringify(results, null, 2));
  else {
    for (const r of results) {
      console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.route}: ${r.totalKb.toFixed(1)} KB gzip of ${r.limitKb} KB`);
      for (const f of r.files) console.log(`       ${f.kb.toFixed(1).padStart(6)} KB  ${f.file}`);
    }
  }
  if (failed) process.exitCode = 1;
}

main();
