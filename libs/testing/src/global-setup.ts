import { describeInfra, discoverInfra, requireInfra } from './infra-discovery.js';
import { exportInfra } from './infra-handoff.js';

/**
 * vitest global setup: finds the components once, before any test file starts, prints which one
 * the run uses for each, and hands the choice to the workers. A refusal (a variable naming a
 * service that does not answer, or REQUIRE_INFRA=1 with a component missing) stops the run here.
 */
export default async function setup(): Promise<void> {
  const infra = await discoverInfra(process.env);
  for (const line of describeInfra(infra)) console.log(line);
  requireInfra(infra, process.env);
  exportInfra(infra, process.env);
}
