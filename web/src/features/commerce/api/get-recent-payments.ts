import { useQuery } from '@tanstack/react-query';
import type { TransactionType } from '@freemarket/contracts/constants';
import { getTransactions } from './get-transactions';

/**
 * The buyer's newest succeeded payments of one kind, read for each opening of a checkout (`openedAt`
 * keys it: Back after paying, or Start Again, reads them anew), never refreshed under an open card
 * form, and dropped once the checkout closes.
 */
export function useRecentPayments(type: TransactionType, openedAt: number, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/transactions', 'recent-paid', type, openedAt],
    queryFn: () => getTransactions({ role: 'buyer', type, status: 'succeeded' }),
    enabled,
    gcTime: 0,
  });
}
