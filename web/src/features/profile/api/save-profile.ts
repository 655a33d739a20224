import type { Profile, ProfileInput } from '@freemarket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, handleUnauthorized } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/auth';
import { profileOfUserKeyRoot } from './get-profile';

/** `POST /api/profiles` when the member has none yet, else `PUT /api/profiles/{id}` (spec 02 §4). */
export function saveProfile(profileId: string | null, input: ProfileInput): Promise<Profile> {
  return profileId ? apiRequest<Profile>('PUT', `/api/profiles/${encodeURIComponent(profileId)}`, input) : apiRequest<Profile>('POST', '/api/profiles', input);
}

export function useSaveProfile(profileId: string | null, onSaved: (profile: Profile) => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (input: ProfileInput) => saveProfile(profileId, input),
    onSuccess: async (profile) => {
      toast({ title: 'Profile updated successfully!' });
      onSaved(profile);
      // The header's Create/Edit Profile button reads the current user; the caller's `onSaved`
      // refreshes what other screens list of the profile (the map's markers and search).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileOfUserKeyRoot }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
      ]);
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ title: 'Error', description: 'Failed to update profile', variant: 'destructive' });
    },
  });
}
