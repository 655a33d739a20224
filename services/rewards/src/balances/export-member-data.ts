import { desc, eq } from 'drizzle-orm';
import { serveMemberExport, type App } from '@freemarket/kit';
import type { RewardsContext } from '../context.js';
import { rewards, rewardTransactions } from '../db/schema/index.js';

/** The member's part of the account export: their balance and reward history, newest first. */
export function exportMemberData(app: App, ctx: RewardsContext): void {
  serveMemberExport(app, ctx.runtime, {
    balance: (db, userId, limit) => db.select().from(rewards).where(eq(rewards.userId, userId)).limit(limit),
    history: (db, userId, limit) => db.select().from(rewardTransactions).where(eq(rewardTransactions.userId, userId)).orderBy(desc(rewardTransactions.createdAt)).limit(limit),
  });
}
