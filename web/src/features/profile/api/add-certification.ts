import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { AddCertification, Certification } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { profileOfUserKeyRoot } from './get-profile';

/** `POST /api/certifications`: a credential of the caller's own profile. */
export function addCertification(body: AddCertification): Promise<Certification> {
  return apiRequest<Certification>('POST', '/api/certifications', body);
}

export function useAddCertification(onAdded: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: addCertification,
    meta: { errorText: 'Failed to add certification' },
    onSuccess: async (certification) => {
      toast({ title: 'Certification added', description: `${certification.name} is now on your profile.` });
      onAdded();
      // Certifications travel inside the profile.
      await queryClient.invalidateQueries({ queryKey: profileOfUserKeyRoot });
    },
  });
}
