import { useMemo } from 'react';
import type { ConnectionStatus } from '@freemarket/contracts';
import { useCurrentUser } from '../../../lib/auth';
import { useConnections } from '../api/get-connections';

/** The viewer's connection status with each other member they have asked or been asked by. */
export function useConnectionStatuses(): Map<string, ConnectionStatus> {
  const me = useCurrentUser().data;
  const connections = useConnections(Boolean(me));
  return useMemo(() => {
    const map = new Map<string, ConnectionStatus>();
    if (!me) return map;
    for (const c of connections.data?.items ?? []) {
      if (c.status === 'rejected') continue;
      map.set(c.requesterId === me.id ? c.addresseeId : c.requesterId, c.status);
    }
    return map;
  }, [connections.data, me]);
}
