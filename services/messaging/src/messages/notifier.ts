import type { ConversationEntry, Message, ReadReceipt } from '@freemarket/contracts';

/** A message as stored, with each member's view of the conversation it updated. */
export interface StoredMessage {
  message: Message;
  forSender: ConversationEntry;
  forReceiver: ConversationEntry;
}

/** Where the service tells members what changed, once it is committed (socket.io in production). */
export interface MessageNotifier {
  stored(items: StoredMessage[]): void;
  read(receipt: ReadReceipt): void;
}
