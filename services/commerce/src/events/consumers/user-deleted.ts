import { eq } from 'drizzle-orm';
import { removedMemberId } from '@freemarket/contracts';
import { forgetUser, type ServiceRuntime } from '@freemarket/kit';
import { expenses, itemsForSale, memberProfiles, members, transactions } from '../../db/schema/index.js';
import { requestMemberCancels } from '../../payments/repository.js';

/**
 * `user.deleted`: the member's expenses and listings go (a sold item's payment keeps its record);
 * payments stay in the books for the other party and the accounts, with the member's side
 * replaced by a stand-in id that leads nowhere. Their open card payments are ended: the cancels
 * are made due here, and the sweeper's next pass makes them at Stripe, then marks them canceled.
 */
export function consumeUserDeleted(runtime: ServiceRuntime): void {
  forgetUser(runtime, members, async (tx, userId, event) => {
    const standIn = removedMemberId(event.id);
    await tx.delete(expenses).where(eq(expenses.userId, userId));
    // The listings before the payments: items first, then their payments, is the order every writer locks them in.
    await tx.delete(itemsForSale).where(eq(itemsForSale.userId, userId));
    await requestMemberCancels(tx, userId);
    await tx.update(transactions).set({ buyerId: standIn }).where(eq(transactions.buyerId, userId));
    await tx.update(transactions).set({ sellerId: standIn }).where(eq(transactions.sellerId, userId));
    await tx.delete(memberProfiles).where(eq(memberProfiles.userId, userId));
  });
}
