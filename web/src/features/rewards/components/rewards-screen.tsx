import type { EarningAction } from '@freemarket/contracts';
import { Coins, Gift, TrendingUp } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { SkeletonList } from '../../../components/ui/skeleton';
import { REWARD_RULES } from '../utils/reward-rules';
import { fullDateTime, relativeTime } from '../../../lib/relative-time';
import { useRewardBalance } from '../api/get-balance';
import { useRewardTransactions } from '../api/get-transactions';
import { notCreditedText, transactionAmount, transactionTitle } from '../utils/transaction-text';

const CARD = 'rounded-lg border border-slate-200 bg-white p-5';

function BalanceCard() {
  const balance = useRewardBalance(true);
  const data = balance.data;
  return (
    <section aria-labelledby="rewards-balance-heading" className={`${CARD} bg-gradient-to-br from-amber-50 to-white`}>
      <h2 id="rewards-balance-heading" className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <Coins className="h-4 w-4 text-amber-600" aria-hidden="true" /> Your Balance
      </h2>
      {data ? (
        <>
          <p className="mt-1 text-4xl font-bold text-slate-900" data-testid="rewards-page-balance">
            {data.balance.toLocaleString()} <span className="text-lg font-medium text-slate-700">points</span>
          </p>
          <p className="mt-2 text-sm text-slate-700">
            {data.lifetimeEarned.toLocaleString()} earned in all · {data.lifetimeRedeemed.toLocaleString()} redeemed
          </p>
        </>
      ) : balance.isError ? (
        <p className="mt-2 text-sm text-slate-700">The balance could not be loaded.</p>
      ) : (
        <SkeletonList count={1} label="Loading balance" itemClassName="mt-1 h-10 w-40" />
      )}
    </section>
  );
}

/** 'How to Earn Points' from the rewards service's own table (REWARD_RULES). */
function EarnCard() {
  const rules = Object.entries(REWARD_RULES) as Array<[EarningAction, (typeof REWARD_RULES)[EarningAction]]>;
  return (
    <section aria-labelledby="rewards-earn-heading" className={CARD}>
      <h2 id="rewards-earn-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <TrendingUp className="h-5 w-5 text-green-700" aria-hidden="true" /> How to Earn Points
      </h2>
      <ul className="mt-3 grid gap-2" data-testid="earn-rules">
        {rules.map(([action, rule]) => (
          <li key={action} className="flex items-center justify-between gap-3 rounded-md bg-slate-50 px-3 py-2">
            <div>
              <p className="font-medium text-slate-900">{rule.label}</p>
              {rule.dailyCap !== null ? <p className="text-xs text-slate-600">Up to {rule.dailyCap} times a day</p> : null}
              {rule.note ? <p className="text-xs text-slate-600">{rule.note}</p> : null}
            </div>
            <span className="shrink-0 font-semibold text-green-800">{action === 'purchase' ? `+${rule.points} per $1` : `+${rule.points} points`}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ActivityCard() {
  const transactions = useRewardTransactions();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = transactions;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const items = useMemo(() => (transactions.data?.pages ?? []).flatMap((p) => p.items), [transactions.data]);
  const now = Date.now();
  return (
    <section aria-labelledby="rewards-activity-heading" className={CARD}>
      <h2 id="rewards-activity-heading" className="text-lg font-semibold text-slate-900">
        Recent Activity
      </h2>
      <div className="mt-3 grid gap-2">
        {transactions.isPending ? (
          <SkeletonList count={3} label="Loading activity" itemClassName="h-12 w-full" />
        ) : transactions.isError ? (
          <div className="grid justify-items-center gap-3 py-6 text-center text-slate-700">
            <p>Your activity could not be loaded.</p>
            <Button variant="outline" onClick={() => void transactions.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-slate-700">No activity yet. Earn points by writing a review or completing a survey.</p>
        ) : (
          <>
            <ul className="grid divide-y divide-slate-100" aria-label="Reward transactions">
              {items.map((t) => {
                const why = notCreditedText(t);
                return (
                  <li key={t.id} className="flex items-center justify-between gap-3 py-2" data-testid="reward-transaction">
                    <div className="min-w-0">
                      <p className="font-medium wrap-anywhere text-slate-900">{transactionTitle(t)}</p>
                      <p className="text-xs text-slate-600">
                        <time dateTime={t.createdAt} title={fullDateTime(t.createdAt)}>
                          {relativeTime(t.createdAt, now)}
                        </time>
                        {why ? ` · ${why}` : null}
                      </p>
                    </div>
                    <span className={t.type === 'spend' ? 'shrink-0 font-semibold text-red-800' : t.credited ? 'shrink-0 font-semibold text-green-800' : 'shrink-0 font-semibold text-slate-600'}>
                      {transactionAmount(t)}
                    </span>
                  </li>
                );
              })}
            </ul>
            <LoadMore hasMore={hasNextPage} loading={isFetchingNextPage} onLoadMore={loadMore} label="Load more activity" />
          </>
        )}
      </div>
    </section>
  );
}

function RedeemCard() {
  return (
    <section aria-labelledby="rewards-redeem-heading" className={CARD}>
      <h2 id="rewards-redeem-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Gift className="h-5 w-5 text-blue-700" aria-hidden="true" /> Redeem Your Points
      </h2>
      <p className="mt-2 text-sm text-slate-700">Soon you will be able to spend your points with local businesses in the FreeMarket community.</p>
      <Button className="mt-3 w-full" disabled>
        Coming Soon - Redeem Points
      </Button>
    </section>
  );
}

/** Spec 02 §2, /rewards: the balance, how to earn, recent activity and the redeem card. */
export function RewardsScreen() {
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4 p-4">
      <h1 className="text-2xl font-bold text-slate-900">Rewards</h1>
      <div className="grid gap-4 md:grid-cols-2">
        <BalanceCard />
        <RedeemCard />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <EarnCard />
        <ActivityCard />
      </div>
    </div>
  );
}
