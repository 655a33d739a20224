import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { CreateTutorialBody, Tutorial } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { tutorialsKeyRoot } from './get-tutorials';

/** `POST /api/diy-content`: the creator is the caller. */
export function createTutorial(body: CreateTutorialBody): Promise<Tutorial> {
  return apiRequest<Tutorial>('POST', '/api/diy-content', body);
}

export function useCreateTutorial(onCreated: (tutorial: Tutorial) => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: createTutorial,
    meta: { errorText: 'Failed to create tutorial' },
    onSuccess: async (tutorial) => {
      toast({ title: 'Tutorial created successfully!' });
      onCreated(tutorial);
      await queryClient.invalidateQueries({ queryKey: tutorialsKeyRoot });
    },
  });
}
