import type { ReadReceipt } from '@freemarket/contracts';
import type { MessageNotifier, StoredMessage } from '../messages/notifier.js';
import { roomOf, type RealtimeServer } from './socket-server.js';

/** Pushes committed changes to the members' rooms. */
export class SocketNotifier implements MessageNotifier {
  constructor(private readonly io: RealtimeServer) {}

  stored(items: StoredMessage[]): void {
    for (const { message, forSender, forReceiver } of items) {
      this.io.to([roomOf(message.senderId), roomOf(message.receiverId)]).emit('message:new', message);
      this.io.to(roomOf(message.senderId)).emit('conversation:updated', forSender);
      this.io.to(roomOf(message.receiverId)).emit('conversation:updated', forReceiver);
    }
  }

  read(receipt: ReadReceipt): void {
    this.io.to([roomOf(receipt.readerId), roomOf(receipt.senderId)]).emit('messages:read', receipt);
  }
}
