import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerConnectionBody, Connection } from '@freemarket/contracts';
import { apiRequest } from '../../../lib/api-client';
import { connectionStatusKeyRoot } from './get-connection-status';
import { connectionsQueryOptions } from './get-connections';

/** `PUT /api/connections/{id}` with accepted or rejected; only the addressee may answer. */
export function answerConnection(id: string, body: AnswerConnectionBody): Promise<Connection> {
  return apiRequest<Connection>('PUT', `/api/connections/${encodeURIComponent(id)}`, body);
}

export function useAnswerConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: AnswerConnectionBody['status'] }) => answerConnection(id, { status }),
    meta: { errorText: 'Failed to update connection' },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: connectionsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: connectionStatusKeyRoot }),
      ]);
    },
  });
}
