import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import { SOCKET_MAX_PAYLOAD_BYTES, SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@freemarket/contracts';
import { IDENTITY_HEADER, type AssertionVerifier, type Logger } from '@freemarket/kit';
import type { StoredMessage } from '../messages/notifier.js';
import type { RedisClients } from './redis.js';

export interface SocketData {
  userId: string;
}
/** What messaging instances tell each other through the adapter (`serverSideEmit`). */
export interface InterServerEvents {
  /** Messages stored by another instance: push them to this instance's sockets of their members. */
  'messages:stored': (items: StoredMessage[]) => void;
}
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type MemberSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** Every socket of a member joins this room; emitting to it reaches all their tabs on every instance. */
export const roomOf = (userId: string): string => `user:${userId}`;

export interface SocketServerOptions {
  publicOrigin: string;
  verifier: AssertionVerifier;
  logger: Logger;
  /** With Redis the adapter fans emits out to every instance; without, they stay in this process. */
  redis: RedisClients | null;
  redisKeyPrefix: string;
}

/**
 * socket.io on the service's own HTTP server (attached before it listens), websocket only: no
 * long-polling means no sticky sessions behind the gateway (ARCHITECTURE §6).
 */
export function createSocketServer(httpServer: HttpServer, options: SocketServerOptions): RealtimeServer {
  const io: RealtimeServer = new Server(httpServer, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: SOCKET_MAX_PAYLOAD_BYTES,
    // A browser always sends Origin on a websocket handshake: another site's is refused before the
    // upgrade. A missing one (a non-browser client) must still carry a valid assertion below.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      const allowed = origin === undefined || origin === options.publicOrigin;
      callback(allowed ? null : 'Forbidden origin', allowed);
    },
    ...(options.redis ? { adapter: createAdapter(options.redis.pub, options.redis.sub, { key: `${options.redisKeyPrefix}socket.io` }) } : {}),
  });
  io.use((socket, next) => {
    const token = socket.handshake.headers[IDENTITY_HEADER];
    if (typeof token !== 'string') return next(new Error('Unauthorized'));
    options.verifier.verify(token).then(
      (actor) => {
        socket.data.userId = actor.userId;
        next();
      },
      (err: unknown) => {
        options.logger.warn({ err }, 'socket identity assertion refused');
        next(new Error('Unauthorized'));
      },
    );
  });
  return io;
}

/**
 * Closes this instance's connections so that clients reconnect to another instance: a closed
 * connection, not socket.io's disconnect packet, after which a client stays disconnected. The HTTP
 * server is Fastify's to close. The adapter is not closed here: its close leaves its unsubscribe
 * replies unawaited, and quitting its Redis connections afterwards ends the subscriptions anyway.
 */
export function closeSocketServer(io: RealtimeServer): void {
  io.engine.close();
}
