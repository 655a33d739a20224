import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpenseType, ExpenseYears } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';
import { expensesKeyRoot } from './get-expenses';

/** `GET /api/expenses/years?type`: the calendar years holding the member's expenses of one kind, latest first. */
export function getExpenseYears(type: ExpenseType): Promise<ExpenseYears> {
  return apiGet<ExpenseYears>('/api/expenses/years', { type });
}

export const expenseYearsQueryOptions = (type: ExpenseType) => queryOptions({ queryKey: [...expensesKeyRoot, 'years', type], queryFn: () => getExpenseYears(type) });

export function useExpenseYears(type: ExpenseType) {
  return useQuery(expenseYearsQueryOptions(type));
}
