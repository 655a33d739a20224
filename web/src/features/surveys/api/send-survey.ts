import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendSurveyResult } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { createdSurveysQueryOptions } from './get-created-surveys';
import { surveyResultsKeyRoot } from './get-survey-results';

/** `POST /api/surveys/{id}/send`: to every connection that has not received it yet. */
export function sendSurvey(id: string): Promise<SendSurveyResult> {
  return apiRequest<SendSurveyResult>('POST', `/api/surveys/${encodeURIComponent(id)}/send`);
}

export function useSendSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSurvey,
    meta: { errorText: 'Failed to send survey.' },
    onSuccess: async ({ count }) => {
      toast({ title: 'Survey sent!', description: `Sent to ${count} ${count === 1 ? 'connection' : 'connections'}` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: createdSurveysQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: surveyResultsKeyRoot }),
      ]);
    },
  });
}
