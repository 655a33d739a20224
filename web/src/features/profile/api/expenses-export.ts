import type { ExpenseType } from '@freemarket/contracts';
import { yearPeriod } from './get-expenses';

/**
 * `GET /api/expenses/export.csv?type&from&to`: one kind's expenses of a calendar year as a CSV
 * file, the year the totals beside the link show. The page links to it rather than fetching it:
 * the browser downloads it with the session's cookie.
 */
export function expensesCsvHref(type: ExpenseType, year: number): string {
  return `/api/expenses/export.csv?${new URLSearchParams({ type, ...yearPeriod(year) }).toString()}`;
}
