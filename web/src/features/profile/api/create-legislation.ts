import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { Legislation, LegislationInput } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { legislationKeyRoot } from './get-legislation';

/** `POST /api/proposed-legislation`: only a political candidate (by their saved profile) may propose. */
export function createLegislation(body: LegislationInput): Promise<Legislation> {
  return apiRequest<Legislation>('POST', '/api/proposed-legislation', body);
}

export function useCreateLegislation(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: createLegislation,
    meta: { errorText: 'Failed to save legislation' },
    onSuccess: async () => {
      toast({ title: 'Legislation added', description: 'Your proposal is on your profile.' });
      onSaved();
      await queryClient.invalidateQueries({ queryKey: legislationKeyRoot });
    },
  });
}
