import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { profileOfUserKeyRoot } from './get-profile';

/** `DELETE /api/certifications/{id}`: a credential of the caller's own profile. */
export function removeCertification(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/certifications/${encodeURIComponent(id)}`);
}

export function useRemoveCertification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCertification,
    meta: { errorText: 'Failed to remove certification' },
    onSuccess: () => toast({ title: 'Certification removed' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileOfUserKeyRoot }),
  });
}
