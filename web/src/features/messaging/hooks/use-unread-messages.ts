import { useConversations } from '../api/get-conversations';

/** Messages the member has not read, across the conversations of the first page. */
export function useUnreadMessageCount(enabled: boolean): number {
  const conversations = useConversations(enabled);
  return (conversations.data?.items ?? []).reduce((sum, e) => sum + e.unreadCount, 0);
}
