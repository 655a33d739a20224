import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { ListTransactionsQuery, TransactionStatus } from '@freemarket/contracts';
import { olderThan, type DbOrTx, type TimeIdKey } from '@freemarket/db';
import { memberProfiles, transactions, users, type TransactionRow, type UserRow } from '../db/schema/index.js';
import { openPayment } from '../payments/repository.js';

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
 * What a payer's history holds of their own payments. Every checkout page stores a payment before
 * the card is taken, so one never paid shows only while it can still be paid, and never unasked
 * while pending; one canceled (left, or replaced by a newer checkout) or whose intent was never
 * made shows only when its status is asked for.
 */
function payerSees(status: TransactionStatus | undefined): SQL | undefined {
  if (status === 'pending') return openPayment;
  if (status) return undefined;
  return or(inArray(transactions.status, [...PAYEE_SEES]), and(eq(transactions.status, 'failed'), openPayment));
}

/** One page of the member's transactions as buyer, seller or either, of one type, status, item or tutorial if asked, newest first. */
export function pageTransactions(
  db: DbOrTx,
  memberId: string,
  filter: Pick<ListTransactionsQuery, 'role' | 'type' | 'status' | 'itemId' | 'tutorialId'>,
  options: { after?: TimeIdKey; limit: number },
): Promise<TransactionRow[]> {
  const asBuyer = and(eq(transactions.buyerId, memberId), payerSees(filter.status));
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
        filter.itemId ? eq(transactions.itemId, filter.itemId) : undefined,
        filter.tutorialId ? eq(transactions.tutorialId, filter.tutorialId) : undefined,
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
