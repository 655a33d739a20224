import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConversationEntry, ConversationPage, Message, MessagePage, ReadReceipt } from '@freemarket/contracts';
import { useEffect } from 'react';
import { conversationsQueryOptions } from '../api/get-conversations';
import { messagesQueryOptions } from '../api/get-messages';
import { useIdledOnce } from '../../../lib/use-idled-once';
import { getSocket } from './socket';

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
export function useMessagingSocket(meId: string | null): void {
  const client = useQueryClient();
  // @NOTE The socket opens once the first screen is idle: opening it while a screen loads (the
  // client's code, the upgrade, the handshake) lengthens the map page's busiest tasks on a slow
  // phone. A screen mounted later listens at once: the socket is open, and events sent while no
  // screen listened would be lost.
  const ready = useIdledOnce();
  useEffect(() => {
    if (!meId || !ready) return;
    let cancelled = false;
    let listening = false;
    const onNew = (entry: ConversationEntry) => {
      appendMessage(client, meId, messageOf(entry));
      upsertConversation(client, entry);
    };
    const onRead = (r: ReadReceipt) => applyReceipt(client, meId, r);
    // Events sent before the socket was listening (it opens after the lists were read, or came back
    // after a drop) are not replayed: read the lists again.
    const onReconnect = () => {
      void client.invalidateQueries({ queryKey: ['/api/messages'] });
      void client.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
    };
    void getSocket().then((socket) => {
      if (cancelled) return;
      listening = true;
      socket.on('message:new', onNew);
      socket.on('messages:read', onRead);
      socket.io.on('reconnect', onReconnect);
      // The first connection comes after the lists were read; a screen mounted later finds it open.
      if (!socket.connected) socket.once('connect', onReconnect);
    });
    return () => {
      cancelled = true;
      if (!listening) return;
      void getSocket().then((socket) => {
        socket.off('connect', onReconnect);
        socket.off('message:new', onNew);
        socket.off('messages:read', onRead);
        socket.io.off('reconnect', onReconnect);
      });
      // @NOTE The socket itself stays open: every screen mounts its own header, and closing it on
      // each navigation would drop the events sent in between. Signing out is a full page load.
    };
  }, [client, meId, ready]);
}

/** Tells the server the viewer has read everything from `userId`. */
export function markConversationRead(userId: string): void {
  void getSocket().then((socket) => socket.emit('messages:markRead', { userId }));
}
