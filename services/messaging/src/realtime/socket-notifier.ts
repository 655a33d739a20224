import type { ReadReceipt } from '@freemarket/contracts';
import type { Logger } from '@freemarket/kit';
import type { MessageNotifier, StoredMessage } from '../messages/notifier.js';
import { roomOf, type RealtimeServer } from './socket-server.js';

/**
 * Pushes committed changes to the members' rooms. A stored message crosses to the other instances
 * as one adapter message carrying both members' socket events (instead of one per event); each
 * instance then emits only to the rooms it holds sockets of, encoding each event once.
 */
export class SocketNotifier implements MessageNotifier {
  /**
   * @param clustered whether other instances share the rooms through the adapter (Redis); without
   * it every socket is local.
   */
  constructor(
    private readonly io: RealtimeServer,
    private readonly clustered: boolean,
    private readonly logger: Logger,
  ) {
    if (clustered) {
      io.on('messages:stored', (items: unknown) => {
        if (Array.isArray(items)) this.deliverLocally(items as StoredMessage[]);
        else logger.warn('ignored a malformed messages:stored from another instance');
      });
    }
  }

  stored(items: StoredMessage[]): void {
    if (this.clustered) this.io.serverSideEmit('messages:stored', items);
    this.deliverLocally(items);
  }

  read(receipt: ReadReceipt): void {
    this.io.to([roomOf(receipt.readerId), roomOf(receipt.senderId)]).emit('messages:read', receipt);
  }

  /** `message:new` with each member's own conversation entry to their room; rooms without a socket here are skipped. */
  private deliverLocally(items: readonly StoredMessage[]): void {
    const rooms = this.io.of('/').adapter.rooms;
    for (const item of items) {
      try {
        const { message, forSender, forReceiver } = item;
        const sender = roomOf(message.senderId);
        const receiver = roomOf(message.receiverId);
        if (rooms.has(sender)) this.io.local.to(sender).emit('message:new', forSender);
        if (rooms.has(receiver)) this.io.local.to(receiver).emit('message:new', forReceiver);
      } catch (err) {
        // Pushing is best effort (clients catch up on reconnect); one bad item must not stop the rest.
        this.logger.warn({ err }, 'live push failed');
      }
    }
  }
}
