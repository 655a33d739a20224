import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { BroadcastBody, BroadcastResult } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { conversationsQueryOptions } from './get-conversations';

/** `POST /api/messages/broadcast`: one message to each accepted connection. */
export function broadcastMessage(body: BroadcastBody): Promise<BroadcastResult> {
  return apiRequest<BroadcastResult>('POST', '/api/messages/broadcast', body);
}

/** Broadcasts, says to how many, and refreshes the conversation list the messages landed in. */
export function useBroadcastMessage(onSent: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: broadcastMessage,
    meta: { errorText: 'Failed to broadcast message. Please try again.' },
    onSuccess: async ({ count }) => {
      toast({ title: 'Broadcast sent!', description: `Sent to ${count} ${count === 1 ? 'connection' : 'connections'}` });
      onSent();
      await queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
    },
  });
}
