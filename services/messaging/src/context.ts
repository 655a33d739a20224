import { MESSAGE_BROADCAST_LIMIT, MESSAGE_SEND_LIMIT } from '@freemarket/contracts';
import type { ServiceRuntime } from '@freemarket/kit';
import { MESSAGING_DEFAULTS, type MessagingConfig } from './config.js';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimit, type RateLimiter } from './limits/rate-limiter.js';
import { MessageService } from './messages/service.js';
import type { RedisClients } from './realtime/redis.js';
import { registerSocketHandlers } from './realtime/socket-handlers.js';
import { SocketNotifier } from './realtime/socket-notifier.js';
import { closeSocketServer, createSocketServer, type RealtimeServer } from './realtime/socket-server.js';

export interface MessagingContext {
  runtime: ServiceRuntime;
  config: MessagingConfig;
  messages: MessageService;
  io: RealtimeServer;
}

/** Wires the service: socket.io on the app's server, rate limits (Redis when configured), the message service. */
export async function createContext(runtime: ServiceRuntime, config: MessagingConfig, redis: RedisClients | null): Promise<MessagingContext> {
  const { publicOrigin, redisKeyPrefix } = { ...MESSAGING_DEFAULTS, ...config };
  const io = createSocketServer(runtime.app.server, { publicOrigin, verifier: runtime.verifier, logger: runtime.logger, redis, redisKeyPrefix });
  const limiter = (name: string, limit: RateLimit): RateLimiter =>
    redis ? new RedisRateLimiter(redis.commands, `${redisKeyPrefix}rl:${name}:`, limit, runtime.logger) : new MemoryRateLimiter(limit);
  const messages = new MessageService({
    runtime,
    sendLimiter: limiter('send', MESSAGE_SEND_LIMIT),
    broadcastLimiter: limiter('broadcast', MESSAGE_BROADCAST_LIMIT),
    notifier: new SocketNotifier(io, redis !== null, runtime.logger),
  });
  registerSocketHandlers(io, messages, runtime.logger);
  runtime.app.metrics.gauge({ name: 'socketio_connected_sockets', help: 'Members\' sockets connected to this instance', read: (set) => set(io.of('/').sockets.size) });
  // Open websockets would hold the HTTP server's close open: end them first.
  runtime.app.addHook('preClose', async () => closeSocketServer(io));
  runtime.app.addHook('onClose', async () => redis?.close());
  return { runtime, config, messages, io };
}
