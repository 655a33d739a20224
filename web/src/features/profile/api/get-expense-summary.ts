import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpenseSummary, ExpenseType } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';
import { expensesKeyRoot, yearPeriod } from './get-expenses';

/** `GET /api/expenses/summary?type&from&to`: the totals of one calendar year, the one the CSV link exports. */
export function getExpenseSummary(type: ExpenseType, year: number): Promise<ExpenseSummary> {
  return apiGet<ExpenseSummary>('/api/expenses/summary', { type, ...yearPeriod(year) });
}

export const expenseSummaryQueryOptions = (type: ExpenseType, year: number) =>
  queryOptions({ queryKey: [...expensesKeyRoot, 'summary', type, year], queryFn: () => getExpenseSummary(type, year) });

export function useExpenseSummary(type: ExpenseType, year: number) {
  return useQuery(expenseSummaryQueryOptions(type, year));
}
