import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { expensesKeyRoot } from './get-expenses';

/** `DELETE /api/expenses/{id}`: someone else's expense answers 404. */
export function deleteExpense(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/expenses/${encodeURIComponent(id)}`);
}

/**
 * `onDeleted` runs once the list and totals are read again, so a confirm closing then leaves a list
 * without the expense (and the focus on the section's heading, not on a Delete button about to vanish).
 */
export function useDeleteExpense(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpense,
    meta: { errorText: 'Failed to delete expense' },
    onSettled: async (_answer, error) => {
      await queryClient.invalidateQueries({ queryKey: expensesKeyRoot });
      if (error) return;
      toast({ title: 'Expense deleted', description: 'The expense has been removed.' });
      onDeleted();
    },
  });
}
