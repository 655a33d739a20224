import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, apiRequest, errorMessageOf } from '../../../lib/api-client';
import { itemsKeyRoot } from './get-items-for-sale';

/** `DELETE /api/items-for-sale/{id}`: the seller removes an item. */
export function deleteItem(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/items-for-sale/${encodeURIComponent(id)}`);
}

/**
 * Spec 02 §8 gives deleting no failure message: only an expired session is reported (by the
 * cache), and a 409 (a buyer's payment for the item is open), whose reason the seller needs.
 */
export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) toast({ title: 'Item not deleted', description: errorMessageOf(error), variant: 'destructive' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemsKeyRoot }),
  });
}
