import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessagePage } from '@freemarket/contracts';
import { MESSAGES_PAGE_SIZE } from '../../../config/constants';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/messages/{userId}`: the newest page of the conversation, oldest to newest. */
export function getMessages(userId: string): Promise<MessagePage> {
  return apiGet<MessagePage>(`/api/messages/${encodeURIComponent(userId)}`, { limit: MESSAGES_PAGE_SIZE });
}

export const messagesQueryOptions = (userId: string) => queryOptions({ queryKey: ['/api/messages', userId], queryFn: () => getMessages(userId) });

/** Spec 01 §7: runs only when a conversation is selected. */
export function useMessages(userId: string | null) {
  return useQuery({ ...messagesQueryOptions(userId ?? ''), enabled: userId !== null });
}
