import { eq } from 'drizzle-orm';
import { forgetUser, type ServiceRuntime } from '@freemarket/kit';
import { members, rewards, rewardTransactions } from '../../db/schema/index.js';

/** `user.deleted`: the member's balance and reward history; points are theirs and nobody else's. */
export function consumeUserDeleted(runtime: ServiceRuntime): void {
  forgetUser(runtime, members, async (tx, userId) => {
    await tx.delete(rewardTransactions).where(eq(rewardTransactions.userId, userId));
    await tx.delete(rewards).where(eq(rewards.userId, userId));
  });
}
