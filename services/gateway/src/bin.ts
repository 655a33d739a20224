import cluster from 'node:cluster';
import { createLogger, loadConfigOrReport, runUntilSignal } from '@freemarket/kit';
import { runWorkers, stopOnPrimaryRequest } from './cluster.js';
import { createGateway, loadGatewayConfig, readGatewayEnv } from './index.js';

const config = loadConfigOrReport('gateway', () => loadGatewayConfig(readGatewayEnv()));

if (config) {
  const settings = config;
  if (cluster.isPrimary && settings.workers > 1) {
    // The primary only starts, restarts and stops the workers; they share the port (node:cluster).
    runWorkers(settings.workers, createLogger('gateway', settings.service.logLevel));
  } else {
    const logger = createLogger('gateway', settings.service.logLevel);
    if (cluster.isWorker) stopOnPrimaryRequest();
    await runUntilSignal('gateway', logger, async () => {
      const gateway = await createGateway(settings, { logger });
      await gateway.start();
      return {
        async destroy() {
          await gateway.destroy();
          // The channel to the primary would keep a drained worker alive.
          cluster.worker?.disconnect();
        },
      };
    });
  }
}
