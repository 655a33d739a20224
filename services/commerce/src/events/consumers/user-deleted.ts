import { eq } from 'drizzle-orm';
import { removedMemberId } from '@freemarket/contracts';
import { forgetUser, type ServiceRuntime } from '@freemarket/kit';
import { expenses, itemsForSale, memberProfiles, members, transactions } from '../../db/schema/index.js';

/**
 * `user.deleted`: the member's expenses and listings go (a sold item's payment keeps its record);
 * payments stay in the books for the other party and the accounts, with the member's side
 * replaced by a stand-in id that leads nowhere.
 */
export function consumeUserDeleted(runtime: ServiceRuntime): void {
  forgetUser(runtime, members, async (tx, userId, event) => {
    const standIn = removedMemberId(event.id);
    await tx.delete(expenses).where(eq(expenses.userId, userId));
    await tx.delete(itemsForSale).where(eq(itemsForSale.userId, userId));
    await tx.update(transactions).set({ buyerId: standIn }).where(eq(transactions.buyerId, userId));
    await tx.update(transactions).set({ sellerId: standIn }).where(eq(transactions.sellerId, userId));
    await tx.delete(memberProfiles).where(eq(memberProfiles.userId, userId));
  });
}
