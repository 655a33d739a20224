import { runServiceMain } from '@freemarket/kit';
import { createRewardsService, loadRewardsConfig } from './index.js';

await runServiceMain('rewards', () => loadRewardsConfig(), createRewardsService);
