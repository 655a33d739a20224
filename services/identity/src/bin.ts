import { runServiceMain } from '@freemarket/kit';
import { createIdentityService, loadIdentityConfig } from './index.js';

await runServiceMain('identity', () => loadIdentityConfig(), createIdentityService);
