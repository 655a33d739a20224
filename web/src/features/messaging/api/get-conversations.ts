import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationPage } from '@freemarket/contracts';
import { MESSAGES_PAGE_SIZE } from '../../../config/constants';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/messages/conversations`: newest conversation first. */
export function getConversations(): Promise<ConversationPage> {
  return apiGet<ConversationPage>('/api/messages/conversations', { limit: MESSAGES_PAGE_SIZE });
}

export const conversationsQueryOptions = () => queryOptions({ queryKey: ['/api/messages/conversations'], queryFn: getConversations });

/** Spec 01 §7: runs only when signed in. */
export function useConversations(enabled: boolean) {
  return useQuery({ ...conversationsQueryOptions(), enabled });
}
