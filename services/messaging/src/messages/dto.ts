import type { ConversationEntry, Message, UserSummary } from '@freemarket/contracts';
import { summaryFor } from '@freemarket/kit';
import type { MessageRow } from '../db/schema/index.js';
import { summaryOf } from './members.js';
import type { StoredMessage } from './notifier.js';
import type { StoredRow } from './store.js';

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    isRead: row.isRead,
  };
}

/** `ownerId`'s entry for the conversation whose last message is `row`. */
export function toConversationEntry(row: MessageRow, ownerId: string, people: Map<string, UserSummary>, unreadCount: number): ConversationEntry {
  const otherId = row.senderId === ownerId ? row.receiverId : row.senderId;
  return {
    ...toMessage(row),
    sender: summaryOf(people, row.senderId),
    receiver: summaryOf(people, row.receiverId),
    otherUser: summaryOf(people, otherId),
    unreadCount,
  };
}

/** A freshly stored message and each member's view of the conversation it updated, faces as that member may see them. */
export function toStoredMessage(row: StoredRow): StoredMessage {
  const { senderId, receiverId } = row.message;
  const peopleAs = (viewerId: string) => new Map([row.sender, row.receiver].flatMap((m) => (m ? [[m.id, summaryFor(m, viewerId)] as const] : [])));
  return {
    message: toMessage(row.message),
    forSender: toConversationEntry(row.message, senderId, peopleAs(senderId), row.senderUnread),
    forReceiver: toConversationEntry(row.message, receiverId, peopleAs(receiverId), row.receiverUnread),
  };
}
