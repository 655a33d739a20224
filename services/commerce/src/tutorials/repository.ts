import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '@freemarket/db';
import { transactions, tutorials, type TransactionRow, type TutorialRow } from '../db/schema/index.js';

/** Keeps commerce's copy of a tutorial; a repeated announcement changes nothing. */
export async function insertTutorial(db: DbOrTx, tutorial: TutorialRow): Promise<void> {
  await db.insert(tutorials).values(tutorial).onConflictDoNothing();
}

/** The tutorial, locked for the caller's transaction when `lock` is set: one enrolment payment of a tutorial at a time. */
export async function findTutorial(db: DbOrTx, id: string, options: { lock?: boolean } = {}): Promise<TutorialRow | undefined> {
  const query = db.select().from(tutorials).where(eq(tutorials.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** A tutorial with a price to pay: neither marked free nor priced at nothing. */
export function isPaid(tutorial: Pick<TutorialRow, 'isFree' | 'price'>): boolean {
  return !tutorial.isFree && Number(tutorial.price) > 0;
}

/**
 * Whether the buyer is enrolled through a payment other than `except`: one that succeeded (and was
 * announced) and was not refunded in full. A partial refund keeps the enrolment.
 */
export async function enrolledThrough(db: DbOrTx, tutorialId: string, buyerId: string, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.tutorialId, tutorialId),
        eq(transactions.buyerId, buyerId),
        isNotNull(transactions.succeededAt),
        ne(transactions.status, 'refunded'),
        except ? ne(transactions.id, except) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** What `payment.succeeded` and `payment.refunded` add for a tutorial's payment. */
export function tutorialOf(payment: Pick<TransactionRow, 'tutorialId'>): { tutorialId?: string } {
  return payment.tutorialId ? { tutorialId: payment.tutorialId } : {};
}
