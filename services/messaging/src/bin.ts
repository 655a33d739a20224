import { runServiceMain } from '@freemarket/kit';
import { createMessagingService, loadMessagingConfig } from './index.js';

await runServiceMain('messaging', () => loadMessagingConfig(), createMessagingService);
