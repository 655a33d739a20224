import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { Connection, CreateConnectionBody } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { connectionStatusKeyRoot } from './get-connection-status';
import { connectionsQueryOptions } from './get-connections';

/** `POST /api/connections`. */
export function createConnection(body: CreateConnectionBody): Promise<Connection> {
  return apiRequest<Connection>('POST', '/api/connections', body);
}

export function useCreateConnection() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: createConnection,
    meta: { errorText: 'Failed to send connection request' },
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Connection request sent!' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: connectionStatusKeyRoot }),
        queryClient.invalidateQueries({ queryKey: connectionsQueryOptions().queryKey }),
      ]);
    },
  });
}
