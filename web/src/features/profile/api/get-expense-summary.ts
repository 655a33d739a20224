import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpenseSummary, ExpenseType } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';
import { expensesKeyRoot } from './get-expenses';

/** `GET /api/expenses/summary?type`: the totals of the current calendar year (the server's default period). */
export function getExpenseSummary(type: ExpenseType): Promise<ExpenseSummary> {
  return apiGet<ExpenseSummary>('/api/expenses/summary', { type });
}

export const expenseSummaryQueryOptions = (type: ExpenseType) =>
  queryOptions({ queryKey: [...expensesKeyRoot, 'summary', type], queryFn: () => getExpenseSummary(type) });

export function useExpenseSummary(type: ExpenseType) {
  return useQuery(expenseSummaryQueryOptions(type));
}
