import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from './messaging-constants.js';
import { userSummarySchema } from './users.js';

export { MESSAGE_MAX_LENGTH };
/** `POST /api/messages` per member: this many sends per window, then 429. */
export const MESSAGE_SEND_LIMIT = { count: 30, windowSeconds: 10 } as const;
/** `POST /api/messages/broadcast` per member. */
export const MESSAGE_BROADCAST_LIMIT = { count: 5, windowSeconds: 3600 } as const;
/** Message and conversation lists: default and largest page size. */
export const MESSAGES_LIMIT = { default: 50, max: 100 } as const;

/** Where socket.io listens, on the gateway and on the messaging service alike. */
export const SOCKET_PATH = '/socket.io';
/** A socket frame larger than this closes the socket. */
export const SOCKET_MAX_PAYLOAD_BYTES = 16 * 1024;
/** Events a socket may send per window; beyond it they are refused, and at twice it the socket is closed. */
export const SOCKET_EVENT_LIMIT = { count: 30, windowSeconds: 10 } as const;

/** A member id (the OIDC subject, not a uuid). */
export const messagingMemberIdSchema = z.string().min(1).max(255);

export const messageContentSchema = z.string().trim().min(1, 'must not be blank').max(MESSAGE_MAX_LENGTH);

/** A direct message (spec 01 §3, 02 §3). */
export const messageSchema = z.object({
  id: z.uuid(),
  senderId: z.string(),
  receiverId: z.string(),
  content: z.string(),
  createdAt: z.iso.datetime(),
  isRead: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

/** `POST /api/messages`. */
export const sendMessageBodySchema = z.object({ receiverId: messagingMemberIdSchema, content: messageContentSchema });
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/** `POST /api/messages/broadcast`: one message to each accepted connection. */
export const broadcastBodySchema = z.object({ content: messageContentSchema });
export type BroadcastBody = z.infer<typeof broadcastBodySchema>;
export const broadcastResultSchema = z.object({ count: z.number().int().nonnegative() });
export type BroadcastResult = z.infer<typeof broadcastResultSchema>;

/**
 * One entry per other member: the last message's fields (as the spec's client reads them), both
 * members, the other member, and how many of their messages the viewer has not read.
 */
export const conversationEntrySchema = messageSchema.extend({
  sender: userSummarySchema,
  receiver: userSummarySchema,
  otherUser: userSummarySchema,
  unreadCount: z.number().int().nonnegative(),
});
export type ConversationEntry = z.infer<typeof conversationEntrySchema>;

export const messagesPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGES_LIMIT.max).default(MESSAGES_LIMIT.default),
  cursor: z.string().min(1).max(200).optional(),
});
export type MessagesPageQuery = z.infer<typeof messagesPageQuerySchema>;

/** `GET /api/messages/conversations`: newest conversation first. */
export const conversationPageSchema = z.object({ items: z.array(conversationEntrySchema), nextCursor: z.string().nullable() });
export type ConversationPage = z.infer<typeof conversationPageSchema>;

export const conversationParamsSchema = z.object({ userId: messagingMemberIdSchema });

/**
 * `GET /api/messages/{userId}`: a page of the conversation, oldest to newest; the first page is
 * the newest, and `nextCursor` fetches the page before it (older), null at the beginning.
 */
export const messagePageSchema = z.object({ items: z.array(messageSchema), nextCursor: z.string().nullable() });
export type MessagePage = z.infer<typeof messagePageSchema>;

/** `readerId` has read every message `senderId` sent them up to `readAt`. */
export const readReceiptSchema = z.object({ readerId: z.string(), senderId: z.string(), readAt: z.iso.datetime(), count: z.number().int().positive() });
export type ReadReceipt = z.infer<typeof readReceiptSchema>;

export const markReadInputSchema = z.object({ userId: messagingMemberIdSchema });
export type MarkReadInput = z.infer<typeof markReadInputSchema>;
export type SocketAck<T> = ({ ok: true } & T) | { ok: false; message: string };
export type MarkReadAck = SocketAck<{ count: number }>;

/** socket.io, server to client. Every member's sockets sit in the room of that member. */
export interface ServerToClientEvents {
  /**
   * A stored message, to both members (the sender's other tabs too), as each member's new entry
   * for that conversation: every field of the message, plus the members and the viewer's unread
   * count. One event per member per message, so live delivery costs one frame.
   */
  'message:new': (entry: ConversationEntry) => void;
  /** Read receipt, to both members. */
  'messages:read': (receipt: ReadReceipt) => void;
  /** A connection request made, accepted, declined or removed, to both members: their connection lists changed. */
  'connection:changed': (change: ConnectionChange) => void;
}

/** What `connection:changed` says; `rejected` is a request declined, `removed` one withdrawn or a connection ended. */
export interface ConnectionChange {
  connectionId: string;
  requesterId: string;
  addresseeId: string;
  status: 'pending' | 'accepted' | 'rejected' | 'removed';
}

/** socket.io, client to server. */
export interface ClientToServerEvents {
  /** Marks every message from `userId` to the viewer read; the ack says how many were unread. */
  'messages:markRead': (input: MarkReadInput, ack?: (result: MarkReadAck) => void) => void;
}
