import { useQueryClient } from '@tanstack/react-query';
import type { CreatedSurvey, SendSurveyResult } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { plural } from '../../../lib/plural';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { createdSurveysQueryOptions } from './get-created-surveys';
import { surveyResultsKeyRoot } from './get-survey-results';

/** `POST /api/surveys/{id}/send`: to every connection that has not received it yet. */
export function sendSurvey(id: string): Promise<SendSurveyResult> {
  return apiRequest<SendSurveyResult>('POST', `/api/surveys/${encodeURIComponent(id)}/send`);
}

/** One send at a time: a second click while the first is on its way would find no one new and say so. */
export function useSendSurvey() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (survey: Pick<CreatedSurvey, 'id' | 'recipientCount'>) => sendSurvey(survey.id),
    meta: { errorText: 'Failed to send survey.' },
    onSuccess: async ({ count }, survey) => {
      // Sending again reaches only connections made since: none is worth saying plainly.
      if (count === 0) {
        toast({
          title: 'No one new to send to',
          description: survey.recipientCount > 0 ? 'Every connection you have has already received this survey.' : 'Connect with members first, then send it to them.',
        });
      } else toast({ title: 'Survey sent!', description: `Sent to ${plural(count, 'connection')}` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: createdSurveysQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: surveyResultsKeyRoot }),
      ]);
    },
  });
}
