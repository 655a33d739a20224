import type {
  AnswerConnectionBody,
  Connection,
  ConnectionPage,
  ConnectionStatusResponse,
  CreateConnectionBody,
  ListConnectionsQuery,
} from '@freemarket/contracts';
import { paginate, type DbOrTx } from '@freemarket/db';
import { ConflictError, ForbiddenError, NotFoundError, readCursor, TooManyRequestsError, type Actor, type Emit, type ServiceRuntime } from '@freemarket/kit';
import type { ConnectionRow } from '../db/schema/index.js';
import { memberExists, userSummaries } from '../users/summaries.js';
import { toConnection } from './dto.js';
import { deleteConnection, findById, findPair, insertPending, pageConnections, updateConnection } from './repository.js';
import { canAnswer, decideRequest } from './rules.js';

/**
 * The day a declined requester may ask again, as people write it ('December 5, 2026'). UTC: the
 * server does not know the member's zone, and the cooldown is days long, so the day is near enough.
 */
const askAgainDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Connection requests and their answers (spec 01 §4); every change is announced through the outbox. */
export class ConnectionService {
  constructor(private readonly runtime: ServiceRuntime) {}

  async request(actor: Actor, input: CreateConnectionBody): Promise<Connection> {
    if (input.addresseeId === actor.userId) throw new ForbiddenError('You cannot connect to yourself');
    const row = await this.runtime.transaction(async (tx, emit) => {
      // @NOTE the addressee must be known to the users projection; one who signed up a moment ago
      // may not be yet, and gets 404 until user.upserted arrives (documented in docs/api.md).
      if (!(await memberExists(tx, input.addresseeId))) throw new NotFoundError('Member not found');
      const existing = await findPair(tx, actor.userId, input.addresseeId, { lock: true });
      const saved = existing ? await this.askAgain(tx, existing, actor.userId) : await insertPending(tx, actor.userId, input.addresseeId);
      if (!saved) throw new ConflictError('A connection with this member already exists');
      await announce(emit, 'connection.requested', saved);
      return saved;
    });
    return this.withUsers(this.runtime.db, row, actor);
  }

  async list(actor: Actor, query: ListConnectionsQuery): Promise<ConnectionPage> {
    const rows = await pageConnections(this.runtime.db, actor.userId, { status: query.status, after: readCursor(query.cursor), limit: query.limit });
    const page = paginate(rows, query.limit);
    const people = await userSummaries(this.runtime.db, page.items.flatMap((r) => [r.requesterId, r.addresseeId]), actor.userId);
    return { items: page.items.map((r) => toConnection(r, people)), nextCursor: page.nextCursor };
  }

  async statusWith(actor: Actor, userId: string): Promise<ConnectionStatusResponse> {
    const row = userId === actor.userId ? undefined : await findPair(this.runtime.db, actor.userId, userId);
    if (!row) return { status: null, direction: null, connectionId: null, declined: null };
    const outgoing = row.requesterId === actor.userId;
    return { status: row.status, direction: outgoing ? 'outgoing' : 'incoming', connectionId: row.id, declined: outgoing ? declinedFor(row, actor.userId) : null };
  }

  /** Only the addressee accepts or declines; answering the same way twice changes nothing. */
  async answer(actor: Actor, id: string, input: AnswerConnectionBody): Promise<Connection> {
    const row = await this.runtime.transaction(async (tx, emit) => {
      const current = await this.visible(tx, actor, id);
      if (current.addresseeId !== actor.userId) throw new ForbiddenError('Only the member who was asked can accept or decline');
      if (current.status === input.status) return current;
      if (!canAnswer(current.status, input.status)) throw new ConflictError('You are already connected; remove the connection instead');
      const saved = await updateConnection(tx, id, { status: input.status, answeredAt: new Date() });
      await announce(emit, input.status === 'accepted' ? 'connection.accepted' : 'connection.declined', saved);
      return saved;
    });
    return this.withUsers(this.runtime.db, row, actor);
  }

  /** Either member withdraws a request or disconnects; a declined requester cannot erase the decline. */
  async remove(actor: Actor, id: string): Promise<void> {
    await this.runtime.transaction(async (tx, emit) => {
      const current = await this.visible(tx, actor, id);
      if (current.status === 'rejected' && current.requesterId === actor.userId) {
        throw new ForbiddenError('A declined request cannot be withdrawn');
      }
      await deleteConnection(tx, id);
      await announce(emit, 'connection.removed', current);
    });
  }

  private async askAgain(tx: DbOrTx, existing: ConnectionRow, requesterId: string): Promise<ConnectionRow> {
    const decision = decideRequest(existing, requesterId, new Date());
    switch (decision.kind) {
      case 'exists':
        throw new ConflictError('A connection with this member already exists');
      case 'limit-reached':
        throw new ForbiddenError('This member declined your requests; you cannot ask again');
      case 'cooling-down':
        throw new TooManyRequestsError(`This member declined your request; you can ask again after ${askAgainDate.format(decision.until)}`);
      case 'reverse':
        return updateConnection(tx, existing.id, {
          requesterId,
          addresseeId: existing.requesterId,
          status: 'pending',
          requestCount: 1,
          answeredAt: null,
        });
      case 'reask':
        return updateConnection(tx, existing.id, { status: 'pending', requestCount: decision.requestCount, answeredAt: null });
      default: {
        const unreachable: never = decision;
        throw new Error(`unhandled decision ${JSON.stringify(unreachable)}`);
      }
    }
  }

  /** The connection, locked, if the actor is one of its members; a stranger gets the same 404 as a missing one. */
  private async visible(tx: DbOrTx, actor: Actor, id: string): Promise<ConnectionRow> {
    const row = await findById(tx, id, { lock: true });
    if (!row || (row.requesterId !== actor.userId && row.addresseeId !== actor.userId)) throw new NotFoundError('Connection not found');
    return row;
  }

  private async withUsers(db: DbOrTx, row: ConnectionRow, viewer: Actor): Promise<Connection> {
    return toConnection(row, await userSummaries(db, [row.requesterId, row.addresseeId], viewer.userId));
  }
}

/** The requester's declined request while asking again would be refused: until when, or for good. */
function declinedFor(row: ConnectionRow, requesterId: string): ConnectionStatusResponse['declined'] {
  const decision = decideRequest(row, requesterId, new Date());
  if (decision.kind === 'limit-reached') return { askAgainAfter: null };
  return decision.kind === 'cooling-down' ? { askAgainAfter: decision.until.toISOString() } : null;
}

type ConnectionEvent = 'connection.requested' | 'connection.accepted' | 'connection.declined' | 'connection.removed';

function announce(emit: Emit, type: ConnectionEvent, row: ConnectionRow) {
  return emit(type, { connectionId: row.id, requesterId: row.requesterId, addresseeId: row.addresseeId });
}
