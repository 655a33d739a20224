import { runServiceMain } from '@freemarket/kit';
import { createDirectoryService, loadDirectoryConfig } from './index.js';

await runServiceMain('directory', () => loadDirectoryConfig(), createDirectoryService);
