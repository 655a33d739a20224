import type { ExpenseType } from '@freemarket/contracts';

/**
 * `GET /api/expenses/export.csv?type`: the current year's expenses of one kind as a CSV file. The
 * page links to it rather than fetching it: the browser downloads it with the session's cookie.
 */
export function expensesCsvHref(type: ExpenseType): string {
  return `/api/expenses/export.csv?${new URLSearchParams({ type }).toString()}`;
}
