import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { REWARD_TRANSACTIONS_LIMIT, RewardTransactionPage } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';

export const REWARD_TRANSACTIONS_PAGE_SIZE: (typeof REWARD_TRANSACTIONS_LIMIT)['default'] = 20;

/** `GET /api/rewards/transactions`: newest first, one page after `cursor`. */
export function getRewardTransactions(cursor?: string): Promise<RewardTransactionPage> {
  return apiGet<RewardTransactionPage>('/api/rewards/transactions', { limit: REWARD_TRANSACTIONS_PAGE_SIZE, cursor });
}

export const rewardTransactionsKeyRoot = ['/api/rewards/transactions'] as const;

export const rewardTransactionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: rewardTransactionsKeyRoot,
    queryFn: ({ pageParam }) => getRewardTransactions(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useRewardTransactions() {
  return useInfiniteQuery(rewardTransactionsQueryOptions());
}
