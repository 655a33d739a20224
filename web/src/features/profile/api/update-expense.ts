import { useQueryClient } from '@tanstack/react-query';
import type { Expense, ExpenseChangeBody } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, readableRefusalOf } from '../../../lib/api-client';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { expensesKeyRoot } from './get-expenses';

/** `PUT /api/expenses/{id}`: the expense as the member now wants it; someone else's answers 404. */
export function updateExpense({ id, body }: { id: string; body: ExpenseChangeBody }): Promise<Expense> {
  return apiRequest<Expense>('PUT', `/api/expenses/${encodeURIComponent(id)}`, body);
}

/**
 * A failure is told by a toast titled 'Failed to update expense', with the server's reason when it
 * refused the change (a date before 1900, an expense deleted meanwhile), as a refused item save is.
 */
export function useUpdateExpense(onSaved: (expense: Expense) => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: updateExpense,
    meta: { errorTitle: 'Failed to update expense', errorText: (error: Error) => readableRefusalOf(error) ?? 'Please try again.' },
    onSuccess: async (expense) => {
      toast({ title: 'Expense updated', description: 'Your changes have been saved.' });
      onSaved(expense);
      await queryClient.invalidateQueries({ queryKey: expensesKeyRoot });
    },
  });
}
