import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * A service started as production starts it (deploy/start-service.sh): its package's `start`
 * script, run by `sh` in the package. The script ends in `exec node`, so the child's pid is the
 * service's own node process. `nodeArgs` go after that `node` (a CPU profile, say); a gateway's
 * workers inherit them. `scriptFlags`, when given, replaces the script's own node flags (those
 * between `node` and its first `--import`), to compare a start script's flags with others.
 */
export async function startPackageScript(service: string, env: NodeJS.ProcessEnv, nodeArgs = '', options: { detached?: boolean; scriptFlags?: string } = {}): Promise<ChildProcess> {
  const dir = fileURLToPath(new URL(`../services/${service}`, import.meta.url));
  const pkg = JSON.parse(await readFile(`${dir}/package.json`, 'utf8')) as { scripts: { start: string } };
  const { scriptFlags } = options;
  const start = nodeArgs || scriptFlags !== undefined
    ? pkg.scripts.start.replace(/\bnode ((?:--(?!import\b)\S+ )*)/, (_, own: string) => `${['node', nodeArgs, scriptFlags ?? own.trim()].filter(Boolean).join(' ')} `)
    : pkg.scripts.start;
  return spawn('sh', ['-c', start], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'], detached: options.detached });
}
