import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@freemarket/db';
import { tutorials, type TransactionRow, type TutorialRow } from '../db/schema/index.js';

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

/** What `payment.succeeded` and `payment.refunded` add for a tutorial's payment. */
export function tutorialOf(payment: Pick<TransactionRow, 'tutorialId'>): { tutorialId?: string } {
  return payment.tutorialId ? { tutorialId: payment.tutorialId } : {};
}
