import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { AddUserSkill, UserSkill } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { profileOfUserKeyRoot } from './get-profile';

/** `POST /api/user-skills`: a skill of the caller's own profile; the answer names the skill. */
export function addUserSkill(body: AddUserSkill): Promise<UserSkill> {
  return apiRequest<UserSkill>('POST', '/api/user-skills', body);
}

export function useAddUserSkill(onAdded: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: addUserSkill,
    meta: { errorText: 'Failed to add skill' },
    onSuccess: async (skill) => {
      toast({ title: 'Skill added', description: `${skill.skill.name} is now on your profile.` });
      onAdded();
      // Skills travel inside the profile.
      await queryClient.invalidateQueries({ queryKey: profileOfUserKeyRoot });
    },
  });
}
