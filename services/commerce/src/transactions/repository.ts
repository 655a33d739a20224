import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { ListTransactionsQuery, TransactionStatus } from '@freemarket/contracts';
import { olderThan, type DbOrTx, type TimeIdKey } from '@freemarket/db';
import { memberProfiles, transactions, users, type TransactionRow, type UserRow } from '../db/schema/index.js';

export async function insertTransaction(db: DbOrTx, values: typeof transactions.$inferInsert): Promise<TransactionRow> {
  const [row] = await db.insert(transactions).values(values).returning();
  return row!;
}

export async function findTransaction(db: DbOrTx, id: string): Promise<TransactionRow | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

/**
 * What a payee sees of payments to them: those that went through, and logged ones. A buyer's
 * unfinished attempts (a checkout opened and left, a declined card) stay the buyer's own.
 */
export const PAYEE_SEES: readonly TransactionStatus[] = ['recorded', 'succeeded', 'partially_refunded', 'refunded'];

/**
 * What a payer's history holds unless a status is asked for: every checkout page stores a pending
 * payment, so those never paid (pending, or canceled once abandoned) would bury the real ones.
 */
export const PAYER_SEES_UNFILTERED: readonly TransactionStatus[] = ['recorded', 'succeeded', 'failed', 'partially_refunded', 'refunded'];

/** One page of the member's transactions as buyer, seller or either, of one type and status if asked, newest first. */
export function pageTransactions(
  db: DbOrTx,
  memberId: string,
  filter: Pick<ListTransactionsQuery, 'role' | 'type' | 'status'>,
  options: { after?: TimeIdKey; limit: number },
): Promise<TransactionRow[]> {
  const asBuyer = and(eq(transactions.buyerId, memberId), filter.status ? undefined : inArray(transactions.status, [...PAYER_SEES_UNFILTERED]));
  const asSeller = and(eq(transactions.sellerId, memberId), inArray(transactions.status, [...PAYEE_SEES]));
  const mine = filter.role === 'buyer' ? asBuyer : filter.role === 'seller' ? asSeller : or(asBuyer, asSeller);
  return db
    .select()
    .from(transactions)
    .where(
      and(
        mine,
        filter.type ? eq(transactions.type, filter.type) : undefined,
        filter.status ? eq(transactions.status, filter.status) : undefined,
        options.after ? olderThan(transactions.createdAt, transactions.id, options.after) : undefined,
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(options.limit);
}

/** Members of the users projection by id; unknown ids are left out. */
export async function membersById(db: DbOrTx, ids: string[]): Promise<Map<string, UserRow>> {
  const rows = ids.length === 0 ? [] : await db.select().from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function isPoliticalCandidate(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ candidate: memberProfiles.isPoliticalCandidate }).from(memberProfiles).where(eq(memberProfiles.userId, userId));
  return row?.candidate ?? false;
}
