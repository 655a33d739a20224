import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSurveyBody, Survey } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { createdSurveysQueryOptions } from './get-created-surveys';

/** `POST /api/surveys`; the server gives each question its id. */
export function createSurvey(body: CreateSurveyBody): Promise<Survey> {
  return apiRequest<Survey>('POST', '/api/surveys', body);
}

export function useCreateSurvey(onCreated: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSurvey,
    meta: { errorText: 'Failed to create survey.' },
    onSuccess: async () => {
      toast({ title: 'Survey created!', description: 'Your survey is ready to send.' });
      onCreated();
      await queryClient.invalidateQueries({ queryKey: createdSurveysQueryOptions().queryKey });
    },
  });
}
