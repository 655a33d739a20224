import { useQueryClient } from '@tanstack/react-query';
import type { CreateSurveyBody, Survey } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, readableRefusalOf } from '../../../lib/api-client';
import { createdSurveysQueryOptions } from './get-created-surveys';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';

/** `POST /api/surveys`; the server gives each question its id. */
export function createSurvey(body: CreateSurveyBody): Promise<Survey> {
  return apiRequest<Survey>('POST', '/api/surveys', body);
}

export function useCreateSurvey(onCreated: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: createSurvey,
    // Spec 02 §8's title; a refusal's reason (which field, which rule) is the server's to tell, worded for a member.
    meta: { errorTitle: 'Failed to create survey.', errorText: (error) => readableRefusalOf(error) ?? 'Please try again.' },
    onSuccess: async () => {
      toast({ title: 'Survey created!', description: 'Your survey is ready to send.' });
      onCreated();
      await queryClient.invalidateQueries({ queryKey: createdSurveysQueryOptions().queryKey });
    },
  });
}
