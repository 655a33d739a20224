import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { Message, SendMessageBody } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { conversationsQueryOptions } from './get-conversations';
import { messagesQueryOptions } from './get-messages';

/** `POST /api/messages`. */
export function sendMessage(body: SendMessageBody): Promise<Message> {
  return apiRequest<Message>('POST', '/api/messages', body);
}

/** Sends, then refreshes the conversation and the conversation list (spec 01 §4). */
export function useSendMessage({ announce }: { announce: boolean }) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: sendMessage,
    // Spec 01 §8's text; a refusal's reason (too long, too many at once, a member who left) on its own line, in a member's words.
    meta: { errorText: 'Failed to send message' },
    onSuccess: async (message) => {
      if (announce) toast({ title: 'Message sent', description: 'Your message has been sent successfully!' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: messagesQueryOptions(message.receiverId).queryKey }),
        queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey }),
      ]);
    },
  });
}
