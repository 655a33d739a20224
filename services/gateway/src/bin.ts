import { ConfigError, createLogger, runUntilSignal } from '@freemarket/kit';
import { createGateway, loadGatewayConfig, readGatewayEnv, type GatewayConfig } from './index.js';

let config: GatewayConfig | undefined;
try {
  config = loadGatewayConfig(readGatewayEnv());
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`gateway: ${err.message}`);
  process.exitCode = 1;
}

if (config) {
  const settings = config;
  const logger = createLogger('gateway', settings.service.logLevel);
  await runUntilSignal('gateway', logger, async () => {
    const gateway = await createGateway(settings, { logger });
    await gateway.start();
    return gateway;
  });
}
