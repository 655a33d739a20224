import type { ClientToServerEvents, ServerToClientEvents } from '@freemarket/contracts';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { useIdledOnce } from './use-idled-once';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socketPromise: Promise<LiveSocket> | null = null;

/**
 * The one socket of this tab, opened on first use. socket.io-client is loaded on demand so it
 * stays out of the first paint; websocket transport only, same origin, where the gateway
 * forwards the upgrade with the member's identity.
 */
export function getSocket(): Promise<LiveSocket> {
  socketPromise ??= import('socket.io-client').then(({ io }) => io({ path: '/socket.io', transports: ['websocket'], withCredentials: true }));
  return socketPromise;
}

/**
 * Listens on the tab's socket while mounted: `listen` adds its handlers and returns what removes
 * them (null listens to nothing). Events sent while nobody listened (before the socket opened, or
 * during a drop) are not replayed, so `catchUp` reads again what they would have changed, on the
 * first connection and after every reconnection.
 */
export function useSocketListeners(listen: ((socket: LiveSocket) => () => void) | null, catchUp: () => void): void {
  // @NOTE The socket opens once the first screen is idle: opening it while a screen loads (the
  // client's code, the upgrade, the handshake) lengthens the map page's busiest tasks on a slow
  // phone. A screen mounted later listens at once: the socket is open, and events sent while no
  // screen listened would be lost.
  const ready = useIdledOnce();
  useEffect(() => {
    if (!listen || !ready) return;
    let cancelled = false;
    let stop: (() => void) | null = null;
    void getSocket().then((socket) => {
      if (cancelled) return;
      const removeHandlers = listen(socket);
      socket.io.on('reconnect', catchUp);
      // The first connection comes after the lists were read; a screen mounted later finds it open.
      if (!socket.connected) socket.once('connect', catchUp);
      stop = () => {
        removeHandlers();
        socket.off('connect', catchUp);
        socket.io.off('reconnect', catchUp);
      };
    });
    return () => {
      cancelled = true;
      stop?.();
      // @NOTE The socket itself stays open: every screen mounts its own header, and closing it on
      // each navigation would drop the events sent in between. Signing out is a full page load.
    };
  }, [listen, catchUp, ready]);
}
