import type { ReceivedSurvey, SurveyQuestion } from '@freemarket/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { RATING_SCALE, SURVEY_LIMITS, YES_NO_ANSWERS, YES_NO_LABELS } from '../utils/constants';
import { memberName } from '../../../lib/member-name';
import { useSubmitSurveyResponse } from '../api/submit-survey-response';

type Answers = Record<string, string>;

function Choices({ name, choices, value, onChange }: { name: string; choices: Array<{ value: string; label: string }>; value: string | undefined; onChange: (value: string) => void }) {
  return (
    <div className="flex flex-wrap gap-x-5 gap-y-2">
      {choices.map((c) => (
        <label key={c.value} className="flex min-h-6 items-center gap-2 text-sm text-slate-800">
          <input type="radio" name={name} value={c.value} checked={value === c.value} onChange={() => onChange(c.value)} className="h-4 w-4 accent-blue-700" />
          {c.label}
        </label>
      ))}
    </div>
  );
}

/** One question with the control its type calls for; radios share a name per question. */
function QuestionField({ question, index, value, onChange }: { question: SurveyQuestion; index: number; value: string | undefined; onChange: (value: string) => void }) {
  const id = useId();
  const label = `${index + 1}. ${question.question}`;
  if (question.type === 'text') {
    return (
      <div className="grid gap-2">
        <label htmlFor={id} className="font-medium wrap-anywhere text-slate-900">
          {label}
        </label>
        <Textarea id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)} maxLength={SURVEY_LIMITS.textAnswer} />
      </div>
    );
  }
  const choices =
    question.type === 'multiple_choice'
      ? (question.options ?? []).map((o) => ({ value: o, label: o }))
      : question.type === 'rating'
        ? RATING_SCALE.map((r) => ({ value: String(r), label: String(r) }))
        : YES_NO_ANSWERS.map((a) => ({ value: a, label: YES_NO_LABELS[a] }));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium wrap-anywhere text-slate-900">
        {label}
        {question.type === 'rating' ? <span className="font-normal text-slate-600"> (1 = lowest, 5 = highest)</span> : null}
      </legend>
      <Choices name={id} choices={choices} value={value} onChange={onChange} />
    </fieldset>
  );
}

export interface TakeSurveyDialogProps {
  /** The inbox entry being answered; null keeps the dialog closed. */
  received: ReceivedSurvey | null;
  onClose: () => void;
  /** After a response is accepted: the route refreshes the rewards it earned. */
  onSubmitted: () => void;
}

/** Spec 02 §2, 'Take Survey': every question must be answered before it is sent. */
export function TakeSurveyDialog({ received, onClose, onSubmitted }: TakeSurveyDialogProps) {
  const [answers, setAnswers] = useState<Answers>({});
  const close = () => {
    setAnswers({});
    onClose();
  };
  const submit = useSubmitSurveyResponse(() => {
    close();
    onSubmitted();
  });
  const survey = received?.survey;
  const send = () => {
    if (!survey) return;
    const trimmed = Object.fromEntries(survey.questions.map((q) => [q.id, (answers[q.id] ?? '').trim()]));
    if (Object.values(trimmed).some((a) => a === '')) {
      toast({ title: 'Incomplete', description: 'Please answer all questions.', variant: 'destructive' });
      return;
    }
    submit.mutate({ surveyId: survey.id, answers: trimmed });
  };
  return (
    <Dialog
      open={received !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={survey?.title ?? 'Survey'}
      description={received ? survey?.description || `A survey from ${memberName(received.creator)}.` : ''}
      className="max-w-2xl"
    >
      {survey ? (
        <form
          className="grid gap-5"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          {survey.questions.map((q, i) => (
            <QuestionField key={q.id} question={q} index={i} value={answers[q.id]} onChange={(value) => setAnswers((a) => ({ ...a, [q.id]: value }))} />
          ))}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={submit.isPending}>
              {submit.isPending ? 'Submitting...' : 'Submit Response'}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
