import type { SurveyQuestionInput, SurveyQuestionType } from '@freemarket/contracts';
import { Plus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Select, Textarea } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { SURVEY_LIMITS, SURVEY_QUESTION_TYPE_LABELS, SURVEY_QUESTION_TYPES } from '../utils/constants';
import { useCreateSurvey } from '../api/create-survey';
import { checkDraft } from '../utils/question-draft';

interface AddedQuestion {
  key: number;
  input: SurveyQuestionInput;
}

/** Spec 02 §2: 'Create Survey' and its dialog: title, optional description and the question builder. */
export function CreateSurveyButton() {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [questions, setQuestions] = useState<AddedQuestion[]>([]);
  const [draftText, setDraftText] = useState('');
  const [draftType, setDraftType] = useState<SurveyQuestionType>('text');
  const [draftOptions, setDraftOptions] = useState('');
  const nextKey = useRef(1);
  const questionInput = useRef<HTMLInputElement>(null);

  const reset = () => {
    setTitle('');
    setDescription('');
    setQuestions([]);
    setDraftText('');
    setDraftType('text');
    setDraftOptions('');
  };
  const close = () => {
    setOpen(false);
    reset();
  };
  const create = useCreateSurvey(close);
  const draft = checkDraft(draftType, draftText, draftOptions);

  const addQuestion = () => {
    if (!draft.ok || questions.length >= SURVEY_LIMITS.questions) return;
    setQuestions((qs) => [...qs, { key: nextKey.current++, input: draft.question }]);
    setDraftText('');
    setDraftOptions('');
    // The next question is typed where the last one was.
    questionInput.current?.focus();
  };
  const removeQuestion = (key: number) => {
    setQuestions((qs) => qs.filter((q) => q.key !== key));
    // The removed row's button is gone; the builder is the natural place to carry on.
    questionInput.current?.focus();
  };
  const submit = () => {
    // A question typed in the builder but not yet added goes in with the others instead of being lost.
    const typed = draftText.trim() !== '';
    if (typed && !draft.ok) {
      toast({ title: 'Question not added', description: draft.problem ?? 'Please finish the question you typed, or clear it.', variant: 'destructive' });
      questionInput.current?.focus();
      return;
    }
    const inputs = [...questions.map((q) => q.input), ...(draft.ok ? [draft.question] : [])];
    if (!title.trim() || inputs.length === 0) {
      toast({ title: 'Missing information', description: 'Please provide a title and at least one question.', variant: 'destructive' });
      return;
    }
    if (inputs.length > SURVEY_LIMITS.questions) {
      toast({ title: 'Too many questions', description: `A survey takes at most ${SURVEY_LIMITS.questions} questions.`, variant: 'destructive' });
      return;
    }
    create.mutate({ title: title.trim(), description: description.trim() || null, questions: inputs });
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus className="h-4 w-4" aria-hidden="true" /> Create Survey
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title="Create Survey"
        description="Write your questions, then send the survey to your network from My Surveys."
        className="max-w-2xl"
      >
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field label="Title" htmlFor="survey-title">
            <Input id="survey-title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={SURVEY_LIMITS.title} required />
          </Field>
          <Field label="Description (optional)" htmlFor="survey-description">
            <Textarea id="survey-description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={SURVEY_LIMITS.description} />
          </Field>

          <section aria-labelledby="survey-questions" className="grid gap-2">
            <h3 id="survey-questions" className="text-sm font-semibold text-slate-900">
              Questions ({questions.length})
            </h3>
            {questions.length === 0 ? (
              <p className="text-sm text-slate-600">No questions yet. Add the first one below.</p>
            ) : (
              <ol className="grid gap-2" data-testid="survey-question-list">
                {questions.map((q, i) => (
                  <li key={q.key} className="flex items-start gap-2 rounded-md border border-slate-200 p-2 text-sm">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium wrap-anywhere text-slate-900">
                        {i + 1}. {q.input.question}
                      </p>
                      <p className="text-slate-600">
                        {SURVEY_QUESTION_TYPE_LABELS[q.input.type]}
                        {q.input.type === 'multiple_choice' ? `: ${q.input.options.join(', ')}` : ''}
                      </p>
                    </div>
                    <Button variant="ghost" size="icon" aria-label={`Remove question ${i + 1}: ${q.input.question}`} onClick={() => removeQuestion(q.key)}>
                      <X className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ol>
            )}
          </section>

          <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-900">Add a question</legend>
            <Field label="Question" htmlFor="survey-draft-question">
              <Input
                ref={questionInput}
                id="survey-draft-question"
                value={draftText}
                onChange={(e) => setDraftText(e.target.value)}
                maxLength={SURVEY_LIMITS.question}
                onKeyDown={(e) => {
                  // Enter adds the question rather than submitting the whole survey.
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addQuestion();
                  }
                }}
              />
            </Field>
            <Field label="Type" htmlFor="survey-draft-type">
              <Select id="survey-draft-type" value={draftType} onChange={(e) => setDraftType(e.target.value as SurveyQuestionType)}>
                {SURVEY_QUESTION_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {SURVEY_QUESTION_TYPE_LABELS[t]}
                  </option>
                ))}
              </Select>
            </Field>
            {draftType === 'multiple_choice' ? (
              <Field label="Options (one per line)" htmlFor="survey-draft-options">
                <Textarea id="survey-draft-options" value={draftOptions} onChange={(e) => setDraftOptions(e.target.value)} rows={4} aria-describedby="survey-draft-problem" />
              </Field>
            ) : null}
            <p id="survey-draft-problem" className="text-sm text-slate-700" aria-live="polite">
              {draft.ok ? '' : (draft.problem ?? '')}
            </p>
            <div>
              <Button variant="secondary" onClick={addQuestion} disabled={!draft.ok || questions.length >= SURVEY_LIMITS.questions}>
                <Plus className="h-4 w-4" aria-hidden="true" /> Add question
              </Button>
            </div>
          </fieldset>

          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Survey'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
