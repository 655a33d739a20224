import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ExpensePage, ExpenseType } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';
import { EXPENSES_PAGE_SIZE } from '../utils/shop-expense-constants';

/** `GET /api/expenses?type&from&to`: the member's own expenses of one kind and calendar year, latest expense date first. */
export function getExpenses(type: ExpenseType, year: number, cursor?: string): Promise<ExpensePage> {
  return apiGet<ExpensePage>('/api/expenses', { type, ...yearPeriod(year), limit: EXPENSES_PAGE_SIZE, cursor });
}

/** A calendar year as the API's period: its first and last days, both included. */
export function yearPeriod(year: number): { from: string; to: string } {
  const y = String(year).padStart(4, '0');
  return { from: `${y}-01-01`, to: `${y}-12-31` };
}

/** Every read of expenses (lists, years and totals) is under this key: recording, changing or deleting one refreshes them all. */
export const expensesKeyRoot = ['/api/expenses'] as const;

export const expensesQueryOptions = (type: ExpenseType, year: number) =>
  infiniteQueryOptions({
    queryKey: [...expensesKeyRoot, 'list', type, year],
    queryFn: ({ pageParam }) => getExpenses(type, year, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useExpenses(type: ExpenseType, year: number) {
  return useInfiniteQuery(expensesQueryOptions(type, year));
}
