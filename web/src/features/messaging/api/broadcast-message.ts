import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { BroadcastBody, BroadcastResult } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, refusalOf } from '../../../lib/api-client';
import { plural } from '../../../lib/plural';
import { conversationsQueryOptions } from './get-conversations';

/** `POST /api/messages/broadcast`: one message to each accepted connection. */
export function broadcastMessage(body: BroadcastBody): Promise<BroadcastResult> {
  return apiRequest<BroadcastResult>('POST', '/api/messages/broadcast', body);
}

/**
 * Broadcasts, says to how many, and refreshes the conversation list the messages landed in. One
 * that reached nobody says so and leaves the text for when the member has connections.
 */
export function useBroadcastMessage(onSent: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: broadcastMessage,
    meta: { errorText: (error) => refusalOf(error) ?? 'Failed to broadcast message. Please try again.' },
    onSuccess: async ({ count }) => {
      if (count === 0) {
        toast({ title: 'You have no connections yet', description: 'Connect with members on the map first; your message is still here to send them.' });
        return;
      }
      toast({ title: 'Broadcast sent!', description: `Sent to ${plural(count, 'connection')}` });
      onSent();
      await queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
    },
  });
}
