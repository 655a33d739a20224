import { runServiceMain } from '@freemarket/kit';
import { createCommerceService, loadCommerceConfig } from './index.js';

await runServiceMain('commerce', () => loadCommerceConfig(), createCommerceService);
