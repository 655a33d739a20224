import { and, eq, sql } from 'drizzle-orm';
import type { Envelope } from '@freemarket/contracts';
import type { Tx } from '@freemarket/db';
import { lockMembers } from '@freemarket/kit';
import { rewards, rewardTransactions, users } from '../db/schema/index.js';
import { TAKE_BACK_RULES } from '../events/consumers/index.js';
import { pointsToTakeBack, type TakeBack, type TakeBackEventType, type TakeBackRule } from './earning.js';

/** Thrown while the credit to take back has not been decided yet: the bus offers the event again later. */
export class CreditNotYetDecidedError extends Error {
  override readonly name = 'CreditNotYetDecidedError';
}

/**
 * Takes back what an event says an earlier credit lost (a refund, an RSVP ended before its event),
 * by the rule in `pointsToTakeBack`, as a `spend` row of the credit's action and thing. Runs under
 * the member's lock, the one crediting takes, so the two never interleave; a repeat of the same
 * event is stopped before by the consumer's processed-event record.
 */
export async function takeBackCredit(tx: Tx, event: Envelope<TakeBackEventType>): Promise<'skipped' | void> {
  const takeBack = takeBackOf(event);
  const { userId, action, relatedId } = takeBack;
  await lockMembers(tx, [userId]);
  const [earned] = await tx.select({ amount: rewardTransactions.amount }).from(rewardTransactions).where(creditRows(takeBack, 'earn'));
  if (!earned) {
    const [known] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    // The credit was announced, so it is on its way (another subject, no order between them).
    if (takeBack.creditAnnounced && known) throw new CreditNotYetDecidedError(`${action} ${relatedId} of ${userId} is not decided yet`);
    return 'skipped';
  }
  const [taken] = await tx
    .select({ points: sql<number>`coalesce(-sum(${rewardTransactions.amount}), 0)::int` })
    .from(rewardTransactions)
    .where(creditRows(takeBack, 'spend'));
  const [balance] = await tx.select({ balance: rewards.balance }).from(rewards).where(eq(rewards.userId, userId));
  const take = pointsToTakeBack(takeBack, { credited: earned.amount, takenSoFar: taken?.points ?? 0, balance: balance?.balance ?? 0 });
  if (take === 0) return 'skipped';
  await tx.insert(rewardTransactions).values({ userId, type: 'spend', amount: -take, action, description: takeBack.description, relatedId, sourceEventId: event.id });
  // A take-back undoes an earning, it redeems nothing: lifetime earned goes down with the balance.
  await tx
    .update(rewards)
    .set({ balance: sql`${rewards.balance} - ${take}`, lifetimeEarned: sql`greatest(${rewards.lifetimeEarned} - ${take}, 0)`, updatedAt: new Date() })
    .where(eq(rewards.userId, userId));
}

function takeBackOf(event: Envelope<TakeBackEventType>): TakeBack {
  const rule: TakeBackRule<TakeBackEventType> = TAKE_BACK_RULES[event.type];
  return rule.toTakeBack(event.data);
}

function creditRows(thing: Pick<TakeBack, 'userId' | 'action' | 'relatedId'>, type: 'earn' | 'spend') {
  return and(eq(rewardTransactions.userId, thing.userId), eq(rewardTransactions.action, thing.action), eq(rewardTransactions.relatedId, thing.relatedId), eq(rewardTransactions.type, type));
}
