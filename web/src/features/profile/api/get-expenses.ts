import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ExpensePage, ExpenseType } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';
import { EXPENSES_PAGE_SIZE } from '../utils/shop-expense-constants';

/** `GET /api/expenses?type`: the member's own expenses of one kind, latest expense date first. */
export function getExpenses(type: ExpenseType, cursor?: string): Promise<ExpensePage> {
  return apiGet<ExpensePage>('/api/expenses', { type, limit: EXPENSES_PAGE_SIZE, cursor });
}

/** Every read of expenses (lists and totals) is under this key: recording or deleting one refreshes them all. */
export const expensesKeyRoot = ['/api/expenses'] as const;

export const expensesQueryOptions = (type: ExpenseType) =>
  infiniteQueryOptions({
    queryKey: [...expensesKeyRoot, 'list', type],
    queryFn: ({ pageParam }) => getExpenses(type, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useExpenses(type: ExpenseType) {
  return useInfiniteQuery(expensesQueryOptions(type));
}
