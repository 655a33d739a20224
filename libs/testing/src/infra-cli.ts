import { describeInfra, discoverInfra, requireInfra } from './infra-discovery.js';

/**
 * Discovery for a process that cannot wait on a promise (see infra-handoff.ts): prints the lines a
 * run starts with to stderr and the choice as JSON to stdout, or the reason it refuses and exit 1.
 */
try {
  const infra = await discoverInfra(process.env);
  for (const line of describeInfra(infra)) process.stderr.write(`${line}\n`);
  requireInfra(infra, process.env);
  process.stdout.write(JSON.stringify(infra));
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
