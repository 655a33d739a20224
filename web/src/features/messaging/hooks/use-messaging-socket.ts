import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConversationEntry, ConversationPage, Message, MessagePage, ReadReceipt } from '@freemarket/contracts';
import { useCallback } from 'react';
import { getSocket, useSocketListeners, type LiveSocket } from '../../../lib/socket';
import { conversationsQueryOptions } from '../api/get-conversations';
import { messagesQueryOptions } from '../api/get-messages';

/** The message fields of a conversation entry, as the conversation's page holds them. */
function messageOf(entry: ConversationEntry): Message {
  const { id, senderId, receiverId, content, createdAt, isRead } = entry;
  return { id, senderId, receiverId, content, createdAt, isRead };
}

/**
 * Writes an event into a cached page. A page not read yet, or being read again, is fetched anew
 * instead: a read that began before the event was committed would answer without it and
 * overwrite the write.
 */
function updateOrRefetch<T>(client: QueryClient, queryKey: readonly unknown[], update: (page: T) => T): void {
  if (client.getQueryData<T>(queryKey) === undefined || client.isFetching({ queryKey, exact: true }) > 0) {
    void client.invalidateQueries({ queryKey, exact: true });
    return;
  }
  client.setQueryData<T>(queryKey, (page) => (page === undefined ? page : update(page)));
}

function appendMessage(client: QueryClient, meId: string, message: Message): void {
  const otherId = message.senderId === meId ? message.receiverId : message.senderId;
  updateOrRefetch<MessagePage>(client, messagesQueryOptions(otherId).queryKey, (page) =>
    page.items.some((m) => m.id === message.id) ? page : { ...page, items: [...page.items, message] },
  );
}

function upsertConversation(client: QueryClient, entry: ConversationEntry): void {
  updateOrRefetch<ConversationPage>(client, conversationsQueryOptions().queryKey, (page) => ({
    ...page,
    items: [entry, ...page.items.filter((e) => e.otherUser.id !== entry.otherUser.id)],
  }));
}

function applyReceipt(client: QueryClient, meId: string, receipt: ReadReceipt): void {
  const otherId = receipt.readerId === meId ? receipt.senderId : receipt.readerId;
  client.setQueryData<MessagePage>(messagesQueryOptions(otherId).queryKey, (page) =>
    page ? { ...page, items: page.items.map((m) => (m.senderId === receipt.senderId && m.createdAt <= receipt.readAt ? { ...m, isRead: true } : m)) } : page,
  );
  if (receipt.readerId === meId) {
    client.setQueryData<ConversationPage>(conversationsQueryOptions().queryKey, (page) =>
      page ? { ...page, items: page.items.map((e) => (e.otherUser.id === otherId ? { ...e, unreadCount: 0 } : e)) } : page,
    );
  }
}

/**
 * Keeps the message caches live: new messages, read receipts and new or changed conversations
 * arrive over socket.io and are written into the query cache, so no screen reloads.
 */
export function useMessagingSocket(meId: string): void {
  const client = useQueryClient();
  const listen = useCallback(
    (socket: LiveSocket) => {
      const onNew = (entry: ConversationEntry) => {
        appendMessage(client, meId, messageOf(entry));
        upsertConversation(client, entry);
      };
      const onRead = (r: ReadReceipt) => applyReceipt(client, meId, r);
      socket.on('message:new', onNew);
      socket.on('messages:read', onRead);
      return () => {
        socket.off('message:new', onNew);
        socket.off('messages:read', onRead);
      };
    },
    [client, meId],
  );
  const catchUp = useCallback(() => {
    void client.invalidateQueries({ queryKey: ['/api/messages'] });
    void client.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
  }, [client]);
  useSocketListeners(listen, catchUp);
}

/** Tells the server the viewer has read everything from `userId`. */
export function markConversationRead(userId: string): void {
  void getSocket().then((socket) => socket.emit('messages:markRead', { userId }));
}
