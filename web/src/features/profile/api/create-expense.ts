import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { Expense, ExpenseBody, ExpenseType } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { expensesKeyRoot } from './get-expenses';

/** `POST /api/expenses {amount, lineItem, vendor, category, paymentMethod, notes, expenseDate, type}`. */
export function createExpense(body: ExpenseBody): Promise<Expense> {
  return apiRequest<Expense>('POST', '/api/expenses', body);
}

/** One per list: the failure names the kind of expense (spec 02 §8). */
export function useCreateExpense(type: ExpenseType, onRecorded: (expense: Expense) => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: createExpense,
    meta: { errorText: `Failed to record ${type} expense` },
    onSuccess: async (expense) => {
      toast({ title: 'Expense recorded', description: 'Your expense has been added.' });
      onRecorded(expense);
      await queryClient.invalidateQueries({ queryKey: expensesKeyRoot });
    },
  });
}
