import { and, desc, eq } from 'drizzle-orm';
import type { ListRewardTransactionsQuery, RewardBalance, RewardTransactionPage } from '@freemarket/contracts';
import { olderThan, paginate, type Db } from '@freemarket/db';
import { readCursor, type Actor } from '@freemarket/kit';
import { rewards, rewardTransactions } from '../db/schema/index.js';
import { toRewardTransaction } from './dto.js';

/** What a member may read of their own rewards; nobody reads another member's. */
export class RewardsService {
  constructor(private readonly db: Db) {}

  async balance(actor: Actor): Promise<RewardBalance> {
    const [row] = await this.db
      .select({ balance: rewards.balance, lifetimeEarned: rewards.lifetimeEarned, lifetimeRedeemed: rewards.lifetimeRedeemed })
      .from(rewards)
      .where(eq(rewards.userId, actor.userId));
    return row ?? { balance: 0, lifetimeEarned: 0, lifetimeRedeemed: 0 };
  }

  async transactions(actor: Actor, query: ListRewardTransactionsQuery): Promise<RewardTransactionPage> {
    const after = readCursor(query.cursor);
    const rows = await this.db
      .select()
      .from(rewardTransactions)
      .where(
        and(
          eq(rewardTransactions.userId, actor.userId),
          after
            ? olderThan(rewardTransactions.createdAt, rewardTransactions.id, after)
            : undefined,
        ),
      )
      .orderBy(desc(rewardTransactions.createdAt), desc(rewardTransactions.id))
      .limit(query.limit + 1);
    const page = paginate(rows, query.limit);
    return { items: page.items.map(toRewardTransaction), nextCursor: page.nextCursor };
  }
}
