import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '@freemarket/db';
import { diyContent, tutorialEnrolments } from '../db/schema/index.js';

/** What a payment event says about a member's enrolment. */
export interface EnrolmentPayment {
  transactionId: string;
  tutorialId: string;
  userId: string;
  at: Date;
}

/** Whether the tutorial still exists; it stays until the caller's transaction ends (a creator's deletion waits). */
async function keepTutorial(tx: Tx, tutorialId: string): Promise<boolean> {
  const [row] = await tx.select({ id: diyContent.id }).from(diyContent).where(eq(diyContent.id, tutorialId)).for('key share');
  return row !== undefined;
}

/** Enrols the payer through this payment; false when the tutorial is gone or the payment was heard of before. */
export async function enrol(tx: Tx, payment: EnrolmentPayment): Promise<boolean> {
  if (!(await keepTutorial(tx, payment.tutorialId))) return false;
  const inserted = await tx
    .insert(tutorialEnrolments)
    .values({ transactionId: payment.transactionId, tutorialId: payment.tutorialId, userId: payment.userId, enrolledAt: payment.at })
    .onConflictDoNothing()
    .returning({ id: tutorialEnrolments.transactionId });
  return inserted.length > 0;
}

/**
 * Ends the enrolment this payment made, refunded in full; a refund heard of before its success
 * is kept too, so that success enrols nobody. False when the tutorial is gone.
 */
export async function endEnrolment(tx: Tx, payment: EnrolmentPayment): Promise<boolean> {
  if (!(await keepTutorial(tx, payment.tutorialId))) return false;
  await tx
    .insert(tutorialEnrolments)
    .values({ transactionId: payment.transactionId, tutorialId: payment.tutorialId, userId: payment.userId, refundedAt: payment.at })
    .onConflictDoUpdate({ target: tutorialEnrolments.transactionId, set: { refundedAt: sql`coalesce(${tutorialEnrolments.refundedAt}, excluded.refunded_at)` } });
  return true;
}

/** The member's enrolments, for their account export. */
export function enrolmentsOf(db: DbOrTx, userId: string, limit: number) {
  return db.select().from(tutorialEnrolments).where(eq(tutorialEnrolments.userId, userId)).limit(limit);
}
