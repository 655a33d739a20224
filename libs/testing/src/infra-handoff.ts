import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { COMPONENTS, SERVICES, type Choice, type Component, type ResolvedInfra, type ServiceComponent } from './infra-discovery.js';

/**
 * How the choice made at the start of a run reaches the tests. The global setup writes it to the
 * environment, which vitest's forked workers inherit, and sets the services' own variables to
 * match: a test that spreads `process.env` into a child process or a config then gets the same
 * components as everything else in the run.
 */
export const RESOLVED_VARIABLE = 'FREEMARKET_TEST_INFRA';

export function exportInfra(infra: ResolvedInfra, env: NodeJS.ProcessEnv = process.env): void {
  env[RESOLVED_VARIABLE] = JSON.stringify(infra);
  for (const component of Object.keys(SERVICES) as ServiceComponent[]) {
    const url = infra[component].at;
    if (url) env[SERVICES[component].variable] = url;
    else delete env[SERVICES[component].variable];
  }
}

function isChoice(value: unknown): value is Choice {
  if (typeof value !== 'object' || value === null) return false;
  const { at, how } = value as Record<string, unknown>;
  return (typeof at === 'string' || at === null) && typeof how === 'string';
}

function parse(text: string, source: string): ResolvedInfra {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null) throw new Error(`${source} is not a test infrastructure record`);
  const record = value as Record<string, unknown>;
  const bad = COMPONENTS.filter((c: Component) => !isChoice(record[c]));
  if (bad.length > 0) throw new Error(`${source} lacks ${bad.join(', ')}`);
  return record as ResolvedInfra;
}

const CLI = fileURLToPath(new URL('./infra-cli.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Discovery without the global setup (a config that does not list it, such as the browser tests'):
 * the probes are asynchronous and `testInfra()` is not, so a child process runs them and this one
 * waits for its answer, then keeps it for the rest of the process.
 */
function discoverInChild(env: NodeJS.ProcessEnv): ResolvedInfra {
  const child = spawnSync(process.execPath, ['--import', 'tsx', CLI], { cwd: ROOT, env, encoding: 'utf8', timeout: 30_000 });
  if (child.status !== 0) throw new Error(child.stderr.trim() || `test infrastructure discovery failed (${child.error?.message ?? `exit ${child.status}`})`);
  const infra = parse(child.stdout, 'the discovery child');
  // The lines a run starts with, once per process here since no global setup prints them.
  process.stderr.write(child.stderr);
  exportInfra(infra, env);
  return infra;
}

/** The components of this run, as the global setup chose them (or as found now, once, without it). */
export function resolvedInfra(env: NodeJS.ProcessEnv = process.env): ResolvedInfra {
  const exported = env[RESOLVED_VARIABLE];
  return exported ? parse(exported, RESOLVED_VARIABLE) : discoverInChild(env);
}
