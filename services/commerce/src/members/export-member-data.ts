import { eq, or } from 'drizzle-orm';
import { serveMemberExport, type App } from '@freemarket/kit';
import type { CommerceContext } from '../context.js';
import { expenses, itemsForSale, transactions } from '../db/schema/index.js';

/** The member's part of the account export: their listings, expenses and payments either way. */
export function exportMemberData(app: App, ctx: CommerceContext): void {
  serveMemberExport(app, ctx.runtime, {
    items: (db, userId, limit) => db.select().from(itemsForSale).where(eq(itemsForSale.userId, userId)).limit(limit),
    expenses: (db, userId, limit) => db.select().from(expenses).where(eq(expenses.userId, userId)).limit(limit),
    transactions: (db, userId, limit) => db.select().from(transactions).where(or(eq(transactions.buyerId, userId), eq(transactions.sellerId, userId))).limit(limit),
  });
}
