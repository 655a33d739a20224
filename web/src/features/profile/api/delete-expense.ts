import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { expensesKeyRoot } from './get-expenses';

/** `DELETE /api/expenses/{id}`: someone else's expense answers 404. */
export function deleteExpense(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/expenses/${encodeURIComponent(id)}`);
}

export function useDeleteExpense(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpense,
    meta: { errorText: 'Failed to delete expense' },
    onSuccess: () => {
      toast({ title: 'Expense deleted', description: 'The expense has been removed.' });
      onDeleted();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: expensesKeyRoot }),
  });
}
