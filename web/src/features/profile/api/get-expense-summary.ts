import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpenseSummary, ExpenseType } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';
import { expensesKeyRoot } from './get-expenses';

/** `GET /api/expenses/summary?type&from&to`: the totals of one calendar year, the one the CSV link exports. */
export function getExpenseSummary(type: ExpenseType, year: number): Promise<ExpenseSummary> {
  return apiGet<ExpenseSummary>('/api/expenses/summary', { type, from: `${year}-01-01`, to: `${year}-12-31` });
}

export const expenseSummaryQueryOptions = (type: ExpenseType, year: number) =>
  queryOptions({ queryKey: [...expensesKeyRoot, 'summary', type, year], queryFn: () => getExpenseSummary(type, year) });

export function useExpenseSummary(type: ExpenseType, year: number) {
  return useQuery(expenseSummaryQueryOptions(type, year));
}
