import { apiRequest } from '../../../lib/api-client';
import { useDeleteAndRefresh } from '../../../lib/use-delete-and-refresh';
import { itemsKeyRoot } from './get-items-for-sale';

/** `DELETE /api/items-for-sale/{id}`: the seller removes an item. */
export function deleteItem(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/items-for-sale/${encodeURIComponent(id)}`);
}

/** Asked for in a confirm that `onSettled` closes (see `useDeleteAndRefresh`). */
export function useDeleteItem(onSettled: () => void) {
  return useDeleteAndRefresh({ remove: deleteItem, queryKey: itemsKeyRoot, deleted: { title: 'Item deleted', description: 'Your item has been removed from your shop.' }, onSettled });
}
