import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemsKeyRoot } from './get-items-for-sale';

/** `DELETE /api/items-for-sale/{id}`: the seller removes an item. */
export function deleteItem(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/items-for-sale/${encodeURIComponent(id)}`);
}

/**
 * Spec 02 §8 gives deleting items no error handler: only an expired session is reported (by the
 * cache), and the refreshed list shows an item that stayed.
 */
export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemsKeyRoot }),
  });
}
