import { useQuery } from '@tanstack/react-query';
import { getTransactions, type TransactionFilters } from './get-transactions';

/** Which of the buyer's payments a checkout looks back at: of a kind or a status, or for an item or a tutorial. */
export type PaidBeforeFilters = Omit<TransactionFilters, 'role'>;

/**
 * The buyer's newest payments matching `filters`, read for each opening of a checkout
 * (`openedAt` keys it: Back after paying, or Start Again, reads them anew), never refreshed under
 * an open card form, and dropped once the checkout closes.
 */
export function usePaidBefore(filters: PaidBeforeFilters, openedAt: number, enabled = true) {
  return useQuery({
    queryKey: ['/api/transactions', 'paid-before', filters, openedAt],
    queryFn: () => getTransactions({ ...filters, role: 'buyer' }),
    enabled,
    gcTime: 0,
  });
}
