import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListTransactionsQuery, TRANSACTIONS_LIMIT, TransactionPage } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';

export const TRANSACTIONS_PAGE_SIZE: (typeof TRANSACTIONS_LIMIT)['default'] = 20;

/** The history's filters; a filter left out means all. */
export type TransactionFilters = Pick<ListTransactionsQuery, 'role'> & Partial<Pick<ListTransactionsQuery, 'type' | 'status' | 'itemId' | 'tutorialId'>>;

/** `GET /api/transactions`: the member's own transactions, newest first, one page after `cursor`. */
export function getTransactions(filters: TransactionFilters, cursor?: string): Promise<TransactionPage> {
  return apiGet<TransactionPage>('/api/transactions', { ...filters, limit: TRANSACTIONS_PAGE_SIZE, cursor });
}

/** Every list of transactions, whatever its filters: a settled payment changes them all. */
export const transactionsKeyRoot = ['/api/transactions', 'list'] as const;

export const transactionsQueryOptions = (filters: TransactionFilters) =>
  infiniteQueryOptions({
    queryKey: [...transactionsKeyRoot, filters],
    queryFn: ({ pageParam }) => getTransactions(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useTransactions(filters: TransactionFilters) {
  return useInfiniteQuery(transactionsQueryOptions(filters));
}
