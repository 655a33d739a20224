import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { Item, ItemBody } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { itemsKeyRoot } from './get-items-for-sale';
import { ITEM_SAVE_ERROR } from './item-save-error';

/** `PUT /api/items-for-sale/{id}`: every field of the item, as the seller now wants it. */
export function updateItem({ id, body }: { id: string; body: ItemBody }): Promise<Item> {
  return apiRequest<Item>('PUT', `/api/items-for-sale/${encodeURIComponent(id)}`, body);
}

export function useUpdateItem(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: updateItem,
    meta: ITEM_SAVE_ERROR,
    onSuccess: async () => {
      toast({ title: 'Item updated', description: 'Your changes have been saved.' });
      onSaved();
      await queryClient.invalidateQueries({ queryKey: itemsKeyRoot });
    },
  });
}
