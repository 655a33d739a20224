import {
  MESSAGE_BROADCAST_LIMIT,
  MESSAGE_SEND_LIMIT,
  type BroadcastBody,
  type BroadcastResult,
  type ConversationPage,
  type MessagePage,
  type MessagesPageQuery,
  type SendMessageBody,
  type Message,
} from '@freemarket/contracts';
import { paginate } from '@freemarket/db';
import { InvalidRequestError, NotFoundError, readCursor, type Actor, type ServiceRuntime } from '@freemarket/kit';
import { connectedMembers } from '../connections/repository.js';
import type { RateLimiter } from '../limits/rate-limiter.js';
import { RateLimitedError } from '../limits/rate-limited-error.js';
import { toConversationEntry, toMessage, toStoredMessage } from './dto.js';
import { memberSummaries } from './members.js';
import type { MessageNotifier, StoredMessage } from './notifier.js';
import { markRead, pageConversation, pageConversations } from './repository.js';
import { storeMessages } from './store.js';

export interface MessageServiceDeps {
  runtime: ServiceRuntime;
  sendLimiter: RateLimiter;
  broadcastLimiter: RateLimiter;
  notifier: MessageNotifier;
}

/** Direct messages: stored first, then pushed live to both members (ARCHITECTURE §6). */
export class MessageService {
  constructor(private readonly deps: MessageServiceDeps) {}

  async send(actor: Actor, input: SendMessageBody): Promise<Message> {
    if (input.receiverId === actor.userId) throw new InvalidRequestError('body.receiverId: you cannot message yourself');
    await this.spend(this.deps.sendLimiter, actor, `Too many messages (${MESSAGE_SEND_LIMIT.count} per ${MESSAGE_SEND_LIMIT.windowSeconds} s)`);
    const [stored] = await this.store(actor.userId, [input.receiverId], input.content);
    // @NOTE a receiver the users projection does not know yet (just signed up) is a 404 too.
    if (!stored) throw new NotFoundError('Member not found');
    return stored.message;
  }

  /**
   * One message to each accepted connection, as the connection events consumed so far tell. A
   * broadcast that reaches nobody is not counted against the limit.
   */
  async broadcast(actor: Actor, input: BroadcastBody): Promise<BroadcastResult> {
    const receivers = await connectedMembers(this.deps.runtime.db, actor.userId);
    if (receivers.length === 0) return { count: 0 };
    await this.spend(this.deps.broadcastLimiter, actor, `Too many broadcasts (${MESSAGE_BROADCAST_LIMIT.count} per hour)`);
    return { count: (await this.store(actor.userId, receivers, input.content)).length };
  }

  async conversations(actor: Actor, query: MessagesPageQuery): Promise<ConversationPage> {
    const db = this.deps.runtime.db;
    const rows = await pageConversations(db, actor.userId, { before: readCursor(query.cursor), limit: query.limit });
    const page = paginate(
      rows.map((r) => ({ ...r, createdAt: r.message.createdAt, id: r.message.id })),
      query.limit,
    );
    const people = await memberSummaries(db, [actor.userId, ...page.items.map((r) => r.otherId)], actor.userId);
    return {
      items: page.items.map((r) => toConversationEntry(r.message, actor.userId, people, r.unreadCount)),
      nextCursor: page.nextCursor,
    };
  }

  /** A page of the conversation with `otherId`, oldest to newest; reading it marks it read. */
  async conversation(actor: Actor, otherId: string, query: MessagesPageQuery): Promise<MessagePage> {
    const before = readCursor(query.cursor);
    await this.requireOther(actor, otherId);
    await this.markRead(actor, otherId);
    const rows = await pageConversation(this.deps.runtime.db, actor.userId, otherId, { before, limit: query.limit });
    const page = paginate(rows, query.limit);
    return { items: page.items.reverse().map(toMessage), nextCursor: page.nextCursor };
  }

  /** Marks what `otherId` sent the actor read and tells both members; returns how many were unread. */
  async markRead(actor: Actor, otherId: string): Promise<number> {
    if (otherId === actor.userId) return 0;
    const count = await this.deps.runtime.transaction((tx) => markRead(tx, actor.userId, otherId));
    if (count > 0) this.deps.notifier.read({ readerId: actor.userId, senderId: otherId, readAt: new Date().toISOString(), count });
    return count;
  }

  /** For a conversation opened over a socket: the same 404 as the HTTP route for a stranger. */
  async requireOther(actor: Actor, otherId: string): Promise<void> {
    if (otherId === actor.userId) throw new InvalidRequestError('params.userId: a conversation needs another member');
    const people = await memberSummaries(this.deps.runtime.db, [otherId], actor.userId);
    if (!people.has(otherId)) throw new NotFoundError('Member not found');
  }

  /** Stores the messages and their `message.created` events in one statement, then pushes them live once committed. */
  private async store(senderId: string, receivers: readonly string[], content: string): Promise<StoredMessage[]> {
    const rows = await this.deps.runtime.statement((db, emit) => storeMessages(db, emit, senderId, receivers, content));
    if (rows.length === 0) return [];
    const items = rows.map(toStoredMessage);
    this.deps.notifier.stored(items);
    return items;
  }

  private async spend(limiter: RateLimiter, actor: Actor, what: string): Promise<void> {
    const decision = await limiter.take(actor.userId);
    if (!decision.allowed) {
      const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
      throw new RateLimitedError(`${what}: try again in ${seconds} s`, seconds);
    }
  }
}
