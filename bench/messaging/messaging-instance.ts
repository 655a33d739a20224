import { runServiceMain } from '@freemarket/kit';
import { createMessagingService, loadMessagingConfig } from '@freemarket/messaging';
import { send, serveMeasurements } from './ipc.js';

/** One messaging instance, exactly as `bin.ts` runs it, plus memory reports for the benchmark. */
serveMeasurements();
await runServiceMain('messaging', () => loadMessagingConfig(), createMessagingService);
send({ type: 'ready' });
