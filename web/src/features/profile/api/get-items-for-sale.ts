import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ItemPage } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';
import { ITEMS_PAGE_SIZE } from '../utils/shop-expense-constants';

/** `GET /api/items-for-sale/{userId}`: a seller's items, newest first; 403 when they keep them private. */
export function getItemsForSale(userId: string, cursor?: string): Promise<ItemPage> {
  return apiGet<ItemPage>(`/api/items-for-sale/${encodeURIComponent(userId)}`, { limit: ITEMS_PAGE_SIZE, cursor });
}

/** Every read of items is under this key: a change to one item refreshes the seller's list. */
export const itemsKeyRoot = ['/api/items-for-sale'] as const;

export const itemsForSaleQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: [...itemsKeyRoot, userId],
    queryFn: ({ pageParam }) => getItemsForSale(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useItemsForSale(userId: string, enabled: boolean) {
  return useInfiniteQuery({ ...itemsForSaleQueryOptions(userId), enabled });
}
