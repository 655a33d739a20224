import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSocketListeners, type LiveSocket } from '../../../lib/socket';
import { connectionStatusKeyRoot } from '../api/get-connection-status';
import { connectionsQueryOptions } from '../api/get-connections';

/**
 * Keeps the connection lists live: a request made to the member, or one of theirs accepted or
 * declined, reaches the bell, the Connections screen and an open profile's Connect button without
 * a reload.
 */
export function useConnectionsSocket(): void {
  const client = useQueryClient();
  // Any change reads both again: the list and each status answer come from the server, which
  // tells them apart better than a patch of the cache would.
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: connectionsQueryOptions().queryKey });
    void client.invalidateQueries({ queryKey: connectionStatusKeyRoot });
  }, [client]);
  const listen = useCallback(
    (socket: LiveSocket) => {
      socket.on('connection:changed', refresh);
      return () => {
        socket.off('connection:changed', refresh);
      };
    },
    [refresh],
  );
  useSocketListeners(listen, refresh);
}
