import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { Connection, CreateConnectionBody } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, refusalOf } from '../../../lib/api-client';
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
    // A refusal says why, e.g. when a member who declined may be asked again; anything else is spec 01 §8's text.
    meta: { errorText: (error) => refusalOf(error) ?? 'Failed to send connection request' },
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Connection request sent!' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: connectionStatusKeyRoot }),
        queryClient.invalidateQueries({ queryKey: connectionsQueryOptions().queryKey }),
      ]);
    },
  });
}
