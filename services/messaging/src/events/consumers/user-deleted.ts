import { eq, or } from 'drizzle-orm';
import { removedMemberId } from '@freemarket/contracts';
import { forgetUser, type ServiceRuntime } from '@freemarket/kit';
import { acceptedConnections, conversations, members, messages } from '../../db/schema/index.js';
import { roomOf, type RealtimeServer } from '../../realtime/socket-server.js';

/**
 * `user.deleted`: the member's own inbox goes; the messages the other party holds stay in their
 * conversation, from or to a stand-in id that reads as a removed member and leads nowhere. The
 * member's open sockets close on every instance (their sessions are gone, so none reconnects).
 */
export function consumeUserDeleted(runtime: ServiceRuntime, io: RealtimeServer): void {
  forgetUser(runtime, members, async (tx, userId, event) => {
    const standIn = removedMemberId(event.id);
    await tx.delete(conversations).where(eq(conversations.ownerId, userId));
    await tx.update(conversations).set({ otherId: standIn }).where(eq(conversations.otherId, userId));
    await tx.update(messages).set({ senderId: standIn }).where(eq(messages.senderId, userId));
    await tx.update(messages).set({ receiverId: standIn }).where(eq(messages.receiverId, userId));
    await tx.delete(acceptedConnections).where(or(eq(acceptedConnections.requesterId, userId), eq(acceptedConnections.addresseeId, userId)));
    io.in(roomOf(userId)).disconnectSockets(true);
  });
}
