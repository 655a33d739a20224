import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { Legislation, LegislationInput } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { legislationKeyRoot } from './get-legislation';

/** `PUT /api/proposed-legislation/{id}`: every field, as its author now wants it. */
export function updateLegislation({ id, body }: { id: string; body: LegislationInput }): Promise<Legislation> {
  return apiRequest<Legislation>('PUT', `/api/proposed-legislation/${encodeURIComponent(id)}`, body);
}

export function useUpdateLegislation(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: updateLegislation,
    meta: { errorText: 'Failed to save legislation' },
    onSuccess: async () => {
      toast({ title: 'Legislation updated', description: 'Your changes have been saved.' });
      onSaved();
      await queryClient.invalidateQueries({ queryKey: legislationKeyRoot });
    },
  });
}
