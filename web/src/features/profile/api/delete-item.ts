import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { itemsKeyRoot } from './get-items-for-sale';

/** `DELETE /api/items-for-sale/{id}`: the seller removes an item. */
export function deleteItem(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/items-for-sale/${encodeURIComponent(id)}`);
}

/**
 * Spec 02 §8 gives deleting items no error handler: only an expired session is reported (by the
 * cache), and the refreshed list shows an item that stayed. `onSettled` runs once the list is read
 * again, so a confirm closing then leaves a list without the item (and the focus on the section's
 * heading, not on a Delete button about to vanish).
 */
export function useDeleteItem(onSettled: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: deleteItem,
    onSettled: async (_answer, error) => {
      await queryClient.invalidateQueries({ queryKey: itemsKeyRoot });
      if (!error) toast({ title: 'Item deleted', description: 'Your item has been removed from your shop.' });
      onSettled();
    },
  });
}
