import type { ListTransactionsQuery, RecordManualTransaction, Transaction, TransactionPage, TransactionType } from '@freemarket/contracts';
import { paginate, type DbOrTx } from '@freemarket/db';
import { ForbiddenError, NotFoundError, readCursor, type Actor, type ServiceRuntime } from '@freemarket/kit';
import type { UserRow } from '../db/schema/index.js';
import { toTransaction } from './dto.js';
import { findTransaction, insertTransaction, isPoliticalCandidate, membersById, pageTransactions, PAYEE_SEES } from './repository.js';

/** Transactions between members: logging payments made outside FreeMarket, and reading one's own. */
export class TransactionService {
  constructor(private readonly runtime: ServiceRuntime) {}

  /**
   * Records a payment the actor (the payer) says they made. Nothing verifies it, so it earns no
   * reward points; `transaction.recorded` says so by its `source`.
   */
  async recordManual(actor: Actor, input: RecordManualTransaction): Promise<Transaction> {
    if (input.sellerId === actor.userId) throw new ForbiddenError('You cannot record a transaction with yourself');
    const seller = await this.requirePayee(this.runtime.db, input.sellerId, input.type);
    const row = await this.runtime.transaction(async (tx, emit) => {
      const inserted = await insertTransaction(tx, {
        buyerId: actor.userId,
        sellerId: input.sellerId,
        amount: input.amount,
        type: input.type,
        source: 'manual',
        paymentMethod: input.paymentMethod,
        status: 'recorded',
        description: input.description ? input.description : null,
      });
      await emit('transaction.recorded', {
        transactionId: inserted.id,
        buyerId: inserted.buyerId,
        sellerId: inserted.sellerId,
        amount: inserted.amount,
        type: inserted.type,
        source: 'manual',
      });
      return inserted;
    });
    return toTransaction(row, await this.member(actor.userId), seller, actor.userId);
  }

  /**
   * A member who may be paid this way: known here, and a political candidate for a donation. Read
   * through `db`, the caller's transaction when there is one (PGlite has a single connection).
   */
  async requirePayee(db: DbOrTx, sellerId: string, type: TransactionType): Promise<UserRow> {
    const seller = (await membersById(db, [sellerId])).get(sellerId);
    if (!seller) throw new NotFoundError('Seller not found');
    if (type === 'donation' && !(await isPoliticalCandidate(db, sellerId))) throw new ForbiddenError('Donations can only be made to political candidates');
    return seller;
  }

  /** One transaction, for its buyer, or its seller once it went through; anyone else sees it missing. */
  async get(actor: Actor, id: string): Promise<Transaction> {
    const row = await findTransaction(this.runtime.db, id);
    const seen = row && (row.buyerId === actor.userId || (row.sellerId === actor.userId && PAYEE_SEES.includes(row.status)));
    if (!seen) throw new NotFoundError('Transaction not found');
    const people = await membersById(this.runtime.db, [row.buyerId, row.sellerId]);
    return toTransaction(row, people.get(row.buyerId), people.get(row.sellerId), actor.userId);
  }

  /** The actor's own transactions, as buyer, seller or either, of one type and status if asked, newest first. */
  async list(actor: Actor, query: ListTransactionsQuery): Promise<TransactionPage> {
    const rows = await pageTransactions(this.runtime.db, actor.userId, query, { after: readCursor(query.cursor), limit: query.limit + 1 });
    const page = paginate(rows, query.limit);
    const people = await membersById(this.runtime.db, [...new Set(page.items.flatMap((r) => [r.buyerId, r.sellerId]))]);
    return { items: page.items.map((r) => toTransaction(r, people.get(r.buyerId), people.get(r.sellerId), actor.userId)), nextCursor: page.nextCursor };
  }

  private async member(id: string): Promise<UserRow | undefined> {
    return (await membersById(this.runtime.db, [id])).get(id);
  }
}
