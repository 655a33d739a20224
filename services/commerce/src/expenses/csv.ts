import { stringify } from 'csv-stringify/sync';
import { expensePaymentMethodLabel } from '@freemarket/contracts';
import type { ExpenseRow } from '../db/schema/index.js';

const COLUMNS = ['Date', 'Type', 'Amount', 'Line item', 'Vendor', 'Category', 'Payment method', 'Notes'];

/**
 * A spreadsheet program runs a cell that starts with one of these as a formula; a leading
 * apostrophe makes it text (OWASP's advice on CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralise(cell: string | null): string {
  if (cell === null) return '';
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/**
 * An export of expenses for a tax preparer: quoted by the CSV library, every text cell neutralised,
 * payment methods named as the profile page names them.
 */
export function expensesCsv(rows: readonly ExpenseRow[]): string {
  const records = rows.map((r) => [
    r.expenseDate.toISOString().slice(0, 10),
    r.type,
    r.amount,
    ...[r.lineItem, r.vendor, r.category, r.paymentMethod && expensePaymentMethodLabel(r.paymentMethod), r.notes].map(neutralise),
  ]);
  // Rows end in \r\n, which alone the library quotes; a lone \n or \r (a textarea's line break) would
  // still end a row for most readers, so any line break is quoted.
  return stringify([COLUMNS, ...records], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}
