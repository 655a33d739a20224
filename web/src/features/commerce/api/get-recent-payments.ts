import { useQuery } from '@tanstack/react-query';
import type { TransactionType } from '@freemarket/contracts/constants';
import { getTransactions } from './get-transactions';

/**
 * The buyer's newest succeeded payments of one kind, read as a checkout opens: dropped when it
 * closes, so Back after paying reads them again, and never refreshed under an open card form.
 */
export function useRecentPayments(type: TransactionType, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/transactions', 'recent-paid', type],
    queryFn: () => getTransactions({ role: 'buyer', type, status: 'succeeded' }),
    enabled,
    gcTime: 0,
  });
}
