import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { FavoriteBusiness } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { favoriteBusinessesKeyRoot } from './get-favorite-businesses';
import { businessSearchKeyRoot } from './search-businesses';

/** `POST /api/favorite-businesses`: the caller favorites a business once; the answer carries its name. */
export function addFavoriteBusiness(businessUserId: string): Promise<FavoriteBusiness> {
  return apiRequest<FavoriteBusiness>('POST', '/api/favorite-businesses', { businessUserId });
}

export function useAddFavoriteBusiness(onAdded: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: addFavoriteBusiness,
    meta: { errorText: 'Failed to add favorite business' },
    onSuccess: async (favorite) => {
      toast({ title: 'Favorite business added', description: `${favorite.business.fullName} is now one of your favorite local businesses.` });
      onAdded();
      // The search leaves favorites out, so its answers change too.
      await Promise.all([queryClient.invalidateQueries({ queryKey: favoriteBusinessesKeyRoot }), queryClient.invalidateQueries({ queryKey: businessSearchKeyRoot })]);
    },
  });
}
