import type { ProfileInput } from '@freemarket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, handleUnauthorized } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/auth';
import { profileOfUserKeyRoot } from '../../directory/api/get-profile';
import type { FullProfile } from '../../directory/api/types';

/** `POST /api/profiles` when the member has none yet, else `PUT /api/profiles/{id}` (spec 02 §4). */
export function saveProfile(profileId: string | null, input: ProfileInput): Promise<FullProfile> {
  return profileId ? apiRequest<FullProfile>('PUT', `/api/profiles/${encodeURIComponent(profileId)}`, input) : apiRequest<FullProfile>('POST', '/api/profiles', input);
}

export function useSaveProfile(profileId: string | null, onSaved: (profile: FullProfile) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => saveProfile(profileId, input),
    onSuccess: async (profile) => {
      toast({ title: 'Profile updated successfully!' });
      onSaved(profile);
      // The header's Create/Edit Profile button and the map read these.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileOfUserKeyRoot }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/profiles/search'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/profiles/map'] }),
      ]);
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ title: 'Error', description: 'Failed to update profile', variant: 'destructive' });
    },
  });
}
