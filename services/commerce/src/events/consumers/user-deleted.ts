import { eq } from 'drizzle-orm';
import { removedMemberId } from '@freemarket/contracts';
import { forgetUser, type ServiceRuntime } from '@freemarket/kit';
import { expenses, itemsForSale, memberProfiles, members, transactions, tutorials } from '../../db/schema/index.js';
import type { IntentCanceller } from '../../payments/cancel-intents.js';
import { requestMemberCancels } from '../../payments/repository.js';

/**
 * `user.deleted`: the member's expenses, listings and tutorials go (a payment for one keeps its record);
 * payments stay in the books for the other party and the accounts, with the member's side
 * replaced by a stand-in id that leads nowhere. Their open card payments are ended: the cancels
 * are made due here and made at Stripe right after the commit (the sweeper retries any that fail).
 */
export function consumeUserDeleted(runtime: ServiceRuntime, canceller: IntentCanceller): void {
  forgetUser(runtime, members, async (tx, userId, event, hooks) => {
    const standIn = removedMemberId(event.id);
    await tx.delete(expenses).where(eq(expenses.userId, userId));
    // The listings before the payments: items first, then their payments, is the order every writer locks them in.
    await tx.delete(itemsForSale).where(eq(itemsForSale.userId, userId));
    await tx.delete(tutorials).where(eq(tutorials.creatorId, userId));
    const due = await requestMemberCancels(tx, userId);
    hooks.onCommit(() => void canceller.finishDue(due));
    await tx.update(transactions).set({ buyerId: standIn }).where(eq(transactions.buyerId, userId));
    await tx.update(transactions).set({ sellerId: standIn }).where(eq(transactions.sellerId, userId));
    await tx.delete(memberProfiles).where(eq(memberProfiles.userId, userId));
  });
}
