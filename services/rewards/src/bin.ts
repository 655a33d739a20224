import { runServiceMain } from '@freemarket/kit';
import { createRewardsService, loadRewardsConfig } from './index.js';

await runServiceMain(() => loadRewardsConfig(), createRewardsService);
