import { createLogger, runUntilSignal } from '@freemarket/kit';
import { createGateway, loadGatewayConfig, readGatewayEnv } from '@freemarket/gateway';
import { send, serveMeasurements } from './ipc.js';

/** One gateway, as its `bin.ts` runs it, plus memory reports for the benchmark. */
serveMeasurements();
const config = loadGatewayConfig(readGatewayEnv());
const logger = createLogger('gateway', config.service.logLevel);
await runUntilSignal('gateway', logger, async () => {
  const gateway = await createGateway(config, { logger });
  await gateway.start();
  return gateway;
});
send({ type: 'ready' });
