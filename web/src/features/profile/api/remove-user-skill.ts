import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { profileOfUserKeyRoot } from './get-profile';

/** `DELETE /api/user-skills/{id}`: a skill of the caller's own profile. */
export function removeUserSkill(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/user-skills/${encodeURIComponent(id)}`);
}

export function useRemoveUserSkill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUserSkill,
    meta: { errorText: 'Failed to remove skill' },
    onSuccess: () => toast({ title: 'Skill removed' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileOfUserKeyRoot }),
  });
}
