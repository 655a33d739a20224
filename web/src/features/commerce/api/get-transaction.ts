import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transaction } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/transactions/{id}`: one of the member's transactions, as buyer or seller. */
export function getTransaction(id: string): Promise<Transaction> {
  return apiGet<Transaction>(`/api/transactions/${encodeURIComponent(id)}`);
}

export const transactionQueryOptions = (id: string) => queryOptions({ queryKey: ['/api/transactions', 'one', id], queryFn: () => getTransaction(id) });

/**
 * The transaction, read again every `pollMs` while it is pending, or being refunded by FreeMarket,
 * and `polling` holds: a card payment settles, and its refund ends, when the provider's webhook
 * arrives, a moment after.
 */
export function useTransaction(id: string | null, polling: boolean, pollMs: number) {
  return useQuery({
    ...transactionQueryOptions(id ?? ''),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (polling && query.state.data && isSettling(query.state.data) ? pollMs : false),
  });
}

function isSettling(transaction: Transaction): boolean {
  return transaction.status === 'pending' || (Boolean(transaction.refundReason) && transaction.status !== 'refunded');
}
