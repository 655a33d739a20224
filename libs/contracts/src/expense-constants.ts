/*
 * Constants of a member's expenses without zod (`@freemarket/contracts/constants` for the web
 * client): the profile page and the commerce service share them.
 */

/** Spec 02 §9: how an expense was paid. */
export const EXPENSE_PAYMENT_METHODS = ['cash', 'credit_card', 'debit_card', 'check', 'bank_transfer', 'other'] as const;
export type ExpensePaymentMethod = (typeof EXPENSE_PAYMENT_METHODS)[number];

/** Each expense payment method as people read it: the profile page and the CSV export name them alike. */
export const EXPENSE_PAYMENT_METHOD_LABELS: Record<ExpensePaymentMethod, string> = {
  cash: 'Cash',
  credit_card: 'Credit Card',
  debit_card: 'Debit Card',
  check: 'Check',
  bank_transfer: 'Bank Transfer',
  other: 'Other',
};

/** A stored payment method's label; a value outside the list (none is stored today) reads as stored. */
export function expensePaymentMethodLabel(method: string): string {
  return Object.hasOwn(EXPENSE_PAYMENT_METHOD_LABELS, method) ? EXPENSE_PAYMENT_METHOD_LABELS[method as ExpensePaymentMethod] : method;
}
