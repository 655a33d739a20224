import type { CreatedSurvey, SurveyQuestion, SurveyResponse } from '@freemarket/contracts';
import { useCallback, useMemo } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { LoadMore } from '../../../components/ui/load-more';
import { SkeletonList } from '../../../components/ui/skeleton';
import { SURVEY_QUESTION_TYPE_LABELS, YES_NO_LABELS, type YesNoAnswer } from '../utils/constants';
import { memberName } from '../../../lib/member-name';
import { useSurveyResponses } from '../api/get-survey-responses';
import { useSurveyResults } from '../api/get-survey-results';
import { ResultBars } from './result-bars';

function shownAnswer(question: SurveyQuestion, answer: string | undefined): string {
  if (answer === undefined || answer === '') return '(No answer)';
  if (question.type === 'yes_no' && answer in YES_NO_LABELS) return YES_NO_LABELS[answer as YesNoAnswer];
  return answer;
}

/** Every loaded responder's answer to one question, in the order they answered. */
function Answers({ question, responses }: { question: SurveyQuestion; responses: SurveyResponse[] }) {
  if (responses.length === 0) return null;
  return (
    <ul className="grid gap-1 border-l-2 border-slate-200 pl-3 text-sm" aria-label={`Answers to: ${question.question}`} data-testid="survey-answers">
      {responses.map((r) => (
        <li key={r.id} className="wrap-anywhere text-slate-800">
          <span className="font-medium text-slate-900">{memberName(r.responder)}</span>: <span className="whitespace-pre-wrap">{shownAnswer(question, r.answers[question.id])}</span>
        </li>
      ))}
    </ul>
  );
}

/** Spec 02 §2, 'View Results': the totals, each question's chart, then each responder's answer. */
export function SurveyResultsDialog({ survey, onClose }: { survey: CreatedSurvey | null; onClose: () => void }) {
  const open = survey !== null;
  const surveyId = survey?.id ?? '';
  const results = useSurveyResults(surveyId, open);
  const responses = useSurveyResponses(surveyId, open);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = responses;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const loaded = useMemo(() => (responses.data?.pages ?? []).flatMap((p) => p.items), [responses.data]);
  const totals = new Map((results.data?.questions ?? []).map((q) => [q.id, q]));
  const responseCount = results.data?.responseCount ?? survey?.responseCount ?? 0;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={survey ? `Results: ${survey.title}` : 'Results'}
      description="The totals for each question, then every responder's answer."
      hideDescription
      className="max-w-2xl"
    >
      {survey ? (
        <div className="grid gap-5">
          <div className="grid grid-cols-2 gap-3">
            <div className="rounded-md bg-blue-50 p-3" data-testid="total-responses">
              <p className="text-sm text-slate-700">Total Responses</p>
              <p className="text-2xl font-bold text-slate-900">{responseCount}</p>
            </div>
            <div className="rounded-md bg-slate-50 p-3">
              <p className="text-sm text-slate-700">Sent to</p>
              <p className="text-2xl font-bold text-slate-900">{results.data?.recipientCount ?? survey.recipientCount}</p>
            </div>
          </div>
          {results.isPending || responses.isPending ? <SkeletonList count={2} label="Loading results" itemClassName="h-24 w-full" /> : null}
          {results.isError || responses.isError ? <p className="text-sm text-red-800">The results could not be loaded.</p> : null}
          {results.isSuccess && responses.isSuccess ? (
            <>
              <ol className="grid gap-5">
                {survey.questions.map((q, i) => {
                  const total = totals.get(q.id);
                  return (
                    <li key={q.id} className="grid gap-2" data-testid="survey-question-results">
                      <h3 className="font-semibold wrap-anywhere text-slate-900">
                        {i + 1}. {q.question}
                      </h3>
                      <p className="text-xs text-slate-600">{SURVEY_QUESTION_TYPE_LABELS[q.type]}</p>
                      {total ? <ResultBars result={total} showLatest={hasNextPage} /> : null}
                      <Answers question={q} responses={loaded} />
                    </li>
                  );
                })}
              </ol>
              {loaded.length === 0 ? <p className="text-sm text-slate-700">No responses yet.</p> : null}
              <LoadMore hasMore={hasNextPage} loading={isFetchingNextPage} onLoadMore={loadMore} label="Load more responses" />
            </>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
