import { SOCKET_EVENT_LIMIT, markReadInputSchema, type MarkReadAck } from '@freemarket/contracts';
import { AppError, type Logger } from '@freemarket/kit';
import { SocketBudget } from '../limits/socket-budget.js';
import type { MessageService } from '../messages/service.js';
import { roomOf, type MemberSocket, type RealtimeServer } from './socket-server.js';

/** What a member's socket does: join their room, and mark conversations read, within an event budget. */
export function registerSocketHandlers(io: RealtimeServer, messages: MessageService, logger: Logger): void {
  io.on('connection', (socket) => {
    void socket.join(roomOf(socket.data.userId));
    const budget = new SocketBudget(SOCKET_EVENT_LIMIT);
    socket.use((packet, next) => {
      const verdict = budget.take();
      if (verdict === 'ok') return next();
      const ack: unknown = packet.at(-1);
      if (typeof ack === 'function') ack({ ok: false, message: 'Too many events' } satisfies MarkReadAck);
      if (verdict === 'disconnect') {
        logger.warn({ userId: socket.data.userId }, 'socket closed: too many events');
        socket.disconnect(true);
      }
    });
    socket.on('messages:markRead', (input, ack) => void markRead(socket, messages, logger, input, ack));
  });
}

async function markRead(socket: MemberSocket, messages: MessageService, logger: Logger, input: unknown, ack: unknown): Promise<void> {
  const reply = (result: MarkReadAck) => {
    if (typeof ack === 'function') ack(result);
  };
  const parsed = markReadInputSchema.safeParse(input);
  if (!parsed.success) {
    return reply({ ok: false, message: parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ') });
  }
  const actor = { userId: socket.data.userId };
  try {
    await messages.requireOther(actor, parsed.data.userId);
    reply({ ok: true, count: await messages.markRead(actor, parsed.data.userId) });
  } catch (err) {
    if (err instanceof AppError) return reply({ ok: false, message: err.message });
    logger.error({ err }, 'messages:markRead failed');
    reply({ ok: false, message: 'Internal Server Error' });
  }
}
