import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { Item, ItemBody } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { itemsKeyRoot } from './get-items-for-sale';
import { ITEM_SAVE_ERROR } from './item-save-error';

/** `POST /api/items-for-sale`: the seller is the caller; the answer is the new item. */
export function createItem(body: ItemBody): Promise<Item> {
  return apiRequest<Item>('POST', '/api/items-for-sale', body);
}

export function useCreateItem(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: createItem,
    meta: ITEM_SAVE_ERROR,
    onSuccess: async () => {
      toast({ title: 'Item added', description: 'Your item is listed for sale.' });
      onSaved();
      await queryClient.invalidateQueries({ queryKey: itemsKeyRoot });
    },
  });
}
