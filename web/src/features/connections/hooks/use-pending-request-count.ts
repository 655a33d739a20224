import { useConnections } from '../api/get-connections';

/** Incoming connection requests still waiting for the member's answer. */
export function usePendingRequestCount(meId: string, enabled: boolean): number {
  const connections = useConnections(enabled);
  return (connections.data?.items ?? []).filter((c) => c.status === 'pending' && c.addresseeId === meId).length;
}
