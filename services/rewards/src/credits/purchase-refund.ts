import { and, eq, sql } from 'drizzle-orm';
import { REWARD_RULES, type Envelope } from '@freemarket/contracts';
import type { Tx } from '@freemarket/db';
import { lockMembers } from '@freemarket/kit';
import { rewards, rewardTransactions, users } from '../db/schema/index.js';
import { wholeDollars } from './earning.js';

/** Thrown while the purchase's own credit has not been decided yet: the bus offers the refund again later. */
export class PurchaseNotYetCreditedError extends Error {
  override readonly name = 'PurchaseNotYetCreditedError';
}

/**
 * Takes back the points a refunded purchase earned: those of the whole dollars refunded so far
 * (the event carries the running total), never more than the purchase was credited, minus what
 * earlier refunds of it took. The balance never goes below zero: what it cannot cover is written
 * off. Runs under the member's lock, the one crediting takes, so the two never interleave.
 */
export async function takeBackPurchasePoints(tx: Tx, event: Envelope<'payment.refunded'>): Promise<'skipped' | void> {
  const { buyerId, transactionId, amountRefunded, amount, succeededAnnounced } = event.data;
  await lockMembers(tx, [buyerId]);
  const [earned] = await tx
    .select({ amount: rewardTransactions.amount })
    .from(rewardTransactions)
    .where(purchaseRows(buyerId, transactionId, 'earn'));
  if (!earned) {
    const [known] = await tx.select({ id: users.id }).from(users).where(eq(users.id, buyerId));
    // A success was announced, so its credit is on its way (another subject, no order between them).
    if (succeededAnnounced && known) throw new PurchaseNotYetCreditedError(`purchase ${transactionId} is not decided yet`);
    return 'skipped';
  }
  const [taken] = await tx
    .select({ points: sql<number>`coalesce(-sum(${rewardTransactions.amount}), 0)::int` })
    .from(rewardTransactions)
    .where(purchaseRows(buyerId, transactionId, 'spend'));
  const target = Math.min(wholeDollars(amountRefunded) * REWARD_RULES.purchase.points, earned.amount);
  const due = target - (taken?.points ?? 0);
  if (due <= 0) return 'skipped';
  const [balance] = await tx.select({ balance: rewards.balance }).from(rewards).where(eq(rewards.userId, buyerId));
  const take = Math.min(due, balance?.balance ?? 0);
  if (take === 0) return 'skipped';
  await tx.insert(rewardTransactions).values({
    userId: buyerId,
    type: 'spend',
    amount: -take,
    action: 'purchase',
    description: `Refund of $${amountRefunded} of $${amount}: points taken back`,
    relatedId: transactionId,
    sourceEventId: event.id,
  });
  // A refund undoes an earning, it redeems nothing: lifetime earned goes down with the balance.
  await tx
    .update(rewards)
    .set({ balance: sql`${rewards.balance} - ${take}`, lifetimeEarned: sql`greatest(${rewards.lifetimeEarned} - ${take}, 0)`, updatedAt: new Date() })
    .where(eq(rewards.userId, buyerId));
}

function purchaseRows(userId: string, transactionId: string, type: 'earn' | 'spend') {
  return and(eq(rewardTransactions.userId, userId), eq(rewardTransactions.action, 'purchase'), eq(rewardTransactions.relatedId, transactionId), eq(rewardTransactions.type, type));
}
