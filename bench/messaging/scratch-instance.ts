import { runServiceMain } from '@freemarket/kit';
import { createMessagingService, loadMessagingConfig } from '@freemarket/messaging';
import { SocketNotifier } from '../../services/messaging/src/realtime/socket-notifier.js';
import { RedisRateLimiter } from '../../services/messaging/src/limits/rate-limiter.js';
import { OutboxRelay } from '@freemarket/bus';
import { send, serveMeasurements } from './ipc.js';

const off = (process.env.OFF ?? '').split(',');
if (off.includes('emit')) SocketNotifier.prototype.stored = () => undefined;
if (off.includes('limit')) RedisRateLimiter.prototype.take = async () => ({ allowed: true, retryAfterMs: 0 });
if (off.includes('relay')) OutboxRelay.prototype.kick = () => undefined;
serveMeasurements();
await runServiceMain(() => loadMessagingConfig(), createMessagingService);
send({ type: 'ready' });
