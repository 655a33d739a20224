import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { favoriteBusinessesKeyRoot } from './get-favorite-businesses';
import { businessSearchKeyRoot } from './search-businesses';

/** `DELETE /api/favorite-businesses/{id}`: only the member who added it. */
export function removeFavoriteBusiness(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/favorite-businesses/${encodeURIComponent(id)}`);
}

export function useRemoveFavoriteBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFavoriteBusiness,
    meta: { errorText: 'Failed to remove favorite business' },
    onSuccess: () => toast({ title: 'Favorite business removed' }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: favoriteBusinessesKeyRoot }), queryClient.invalidateQueries({ queryKey: businessSearchKeyRoot })]),
  });
}
