import { runServiceMain } from '@freemarket/kit';
import { createSocialService, loadSocialConfig } from './index.js';

await runServiceMain('social', () => loadSocialConfig(), createSocialService);
