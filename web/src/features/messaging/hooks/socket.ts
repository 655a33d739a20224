import type { ClientToServerEvents, ServerToClientEvents } from '@freemarket/contracts';
import type { Socket } from 'socket.io-client';

export type MessagingSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socketPromise: Promise<MessagingSocket> | null = null;

/**
 * The one socket of this tab, opened on first use. socket.io-client is loaded on demand so it
 * stays out of the first paint; websocket transport only, same origin, where the gateway
 * forwards the upgrade with the member's identity.
 */
export function getSocket(): Promise<MessagingSocket> {
  socketPromise ??= import('socket.io-client').then(({ io }) => io({ path: '/socket.io', transports: ['websocket'], withCredentials: true }));
  return socketPromise;
}
