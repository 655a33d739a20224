import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { Item, ItemBody } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, apiRequest, errorMessageOf } from '../../../lib/api-client';
import { itemsKeyRoot } from './get-items-for-sale';

/** `PUT /api/items-for-sale/{id}`: every field of the item, as the seller now wants it. */
export function updateItem({ id, body }: { id: string; body: ItemBody }): Promise<Item> {
  return apiRequest<Item>('PUT', `/api/items-for-sale/${encodeURIComponent(id)}`, body);
}

export function useUpdateItem(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: updateItem,
    // Spec 02 §8's 'Failed to save item'; a 409's reason (the item is sold, or a buyer is paying this instant) is worth telling.
    meta: { errorTitle: 'Failed to save item', errorText: (error) => (error instanceof ApiError && error.status === 409 ? errorMessageOf(error) : 'Please try again.') },
    onSuccess: async () => {
      toast({ title: 'Item updated', description: 'Your changes have been saved.' });
      onSaved();
      await queryClient.invalidateQueries({ queryKey: itemsKeyRoot });
    },
  });
}
