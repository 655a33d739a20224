import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RewardBalance } from '@freemarket/contracts';
import { useCallback } from 'react';
import { apiGet } from '../../../lib/api-client';
import { rewardTransactionsKeyRoot } from './get-transactions';

/** `GET /api/rewards/balance`. */
export function getRewardBalance(): Promise<RewardBalance> {
  return apiGet<RewardBalance>('/api/rewards/balance');
}

export const rewardBalanceQueryOptions = () => queryOptions({ queryKey: ['/api/rewards/balance'], queryFn: getRewardBalance });

export function useRewardBalance(enabled: boolean) {
  return useQuery({ ...rewardBalanceQueryOptions(), enabled });
}

/** Credits arrive through an event a moment after the action: read the balance now and a few times after. */
const FOLLOW_UP_MS = [0, 800, 2000, 4500];

/** A function that refreshes the balance and the activity list after something that earns points. */
export function useRefreshRewardBalanceSoon(): () => void {
  const client = useQueryClient();
  return useCallback(() => {
    for (const delay of FOLLOW_UP_MS) {
      setTimeout(() => {
        void client.invalidateQueries({ queryKey: rewardBalanceQueryOptions().queryKey });
        void client.invalidateQueries({ queryKey: rewardTransactionsKeyRoot });
      }, delay);
    }
  }, [client]);
}
