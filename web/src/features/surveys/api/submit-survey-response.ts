import { useQueryClient } from '@tanstack/react-query';
import type { SubmitSurveyResponseBody, SurveyResponse } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { receivedSurveysKeyRoot } from './received-surveys-key';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';

/** `POST /api/surveys/{id}/responses`: once per recipient (a second answer is 409). */
export function submitSurveyResponse(surveyId: string, body: SubmitSurveyResponseBody): Promise<SurveyResponse> {
  return apiRequest<SurveyResponse>('POST', `/api/surveys/${encodeURIComponent(surveyId)}/responses`, body);
}

/** Submits, then reads the inbox again; a 409 (answered elsewhere already) refreshes it too. */
export function useSubmitSurveyResponse(onSubmitted: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ surveyId, answers }: { surveyId: string; answers: SubmitSurveyResponseBody['answers'] }) => submitSurveyResponse(surveyId, { answers }),
    meta: { errorText: 'Failed to submit response.' },
    onSuccess: () => {
      toast({ title: 'Thank you!', description: 'Your response has been submitted.' });
      onSubmitted();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: receivedSurveysKeyRoot }),
  });
}
