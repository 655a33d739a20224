import { NatsBus } from '@freemarket/bus';
import { createLogger, runServiceMain } from '@freemarket/kit';
import { createRewardsService, loadRewardsConfig } from './index.js';

await runServiceMain(() => loadRewardsConfig(), async (config, overrides) => {
  const concurrency = Number(process.env.TMP_CONC ?? 0);
  if (!concurrency || !config.bus.natsUrl) return createRewardsService(config, overrides);
  const bus = await NatsBus.connect({ servers: config.bus.natsUrl, stream: config.bus.stream, subjectPrefix: config.bus.subjectPrefix, logger: overrides.logger ?? createLogger('rewards'), concurrency });
  const svc = await createRewardsService(config, { ...overrides, bus });
  return { start: () => svc.start(), destroy: async () => { await svc.destroy(); await bus.close(); } };
});
