import type { ProjectCategory, ProjectStatus } from '@freemarket/contracts';
import { Plus } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, FieldProblem, Input, problemAttributes, Select, Textarea } from '../../../components/ui/field';
import { localCalendarDate } from '../../../lib/calendar-date';
import { pastTargetDateRefusal, useCreateProject } from '../api/create-project';
import { PROJECT_CATEGORIES, PROJECT_CATEGORY_LABELS, PROJECT_LIMITS, PROJECT_STATUS_LABELS, PROJECT_STATUSES } from '../utils/constants';

type Problem = 'title' | 'description' | 'customCategory' | 'targetDate';
type Problems = Partial<Record<Problem, string>>;

/** Spec 02 §5's messages; the contract's rules. */
function check(title: string, description: string, category: ProjectCategory, customCategory: string): Problems {
  return {
    title: title.trim().length < PROJECT_LIMITS.title.min ? 'Title must be at least 3 characters' : undefined,
    description: description.trim().length < PROJECT_LIMITS.description.min ? 'Description must be at least 10 characters' : undefined,
    customCategory: category === 'other' && !customCategory.trim() ? 'Please enter a custom category' : undefined,
  };
}

const FIELD_IDS: Record<Problem, string> = {
  title: 'project-title',
  description: 'project-description',
  customCategory: 'project-custom-category',
  targetDate: 'project-target-date',
};

/** Spec 02 §2 and §5: the Create Project dialog; category Other reveals its own text field (§4). */
export function CreateProjectButton() {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<ProjectCategory>('events');
  const [customCategory, setCustomCategory] = useState('');
  const [status, setStatus] = useState<ProjectStatus>('active');
  const [goals, setGoals] = useState('');
  const [targetDate, setTargetDate] = useState('');
  // Checked from the first Create on, so a message goes as soon as its field is right.
  const [checked, setChecked] = useState(false);
  // The target date this form last sent: the server's refusal of it stands until the member changes it.
  const [sentTargetDate, setSentTargetDate] = useState<string | null>(null);

  const reset = () => {
    setTitle('');
    setDescription('');
    setCategory('events');
    setCustomCategory('');
    setStatus('active');
    setGoals('');
    setTargetDate('');
    setChecked(false);
    setSentTargetDate(null);
  };
  const close = () => {
    setOpen(false);
    reset();
  };
  const create = useCreateProject(close);
  const refusal = sentTargetDate !== null ? pastTargetDateRefusal(create.error) : undefined;
  const problems: Problems = {
    ...(checked ? check(title, description, category, customCategory) : {}),
    targetDate: refusal && targetDate === sentTargetDate ? refusal : undefined,
  };

  // A refused date takes the focus, as a field the form itself finds wrong does, and its message is read out.
  useEffect(() => {
    if (refusal) document.getElementById(FIELD_IDS.targetDate)?.focus();
  }, [refusal, create.error]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = check(title, description, category, customCategory);
    // Rendered at once, so the field that takes the focus below already carries its message.
    flushSync(() => setChecked(true));
    const first = (Object.keys(FIELD_IDS) as Problem[]).find((f) => found[f]);
    if (first) {
      document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    setSentTargetDate(targetDate);
    create.mutate({
      title: title.trim(),
      description: description.trim(),
      category,
      customCategory: category === 'other' ? customCategory.trim() : null,
      status,
      goals: goals.trim() || null,
      targetDate: targetDate || null,
    });
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus className="h-4 w-4" aria-hidden="true" /> Create Project
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title="Create Community Project"
        description="Start a project and invite your community to take part."
        className="max-w-xl"
      >
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <Field label="Title" htmlFor={FIELD_IDS.title}>
            <Input id={FIELD_IDS.title} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={PROJECT_LIMITS.title.max} required {...problemAttributes(FIELD_IDS.title, problems.title)} />
            <FieldProblem controlId={FIELD_IDS.title} problem={problems.title} />
          </Field>
          <Field label="Description" htmlFor={FIELD_IDS.description}>
            <Textarea
              id={FIELD_IDS.description}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              maxLength={PROJECT_LIMITS.description.max}
              rows={4}
              required
              {...problemAttributes(FIELD_IDS.description, problems.description)}
            />
            <FieldProblem controlId={FIELD_IDS.description} problem={problems.description} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Category" htmlFor="project-category">
              <Select id="project-category" value={category} onChange={(e) => setCategory(e.target.value as ProjectCategory)}>
                {PROJECT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {PROJECT_CATEGORY_LABELS[c]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Status" htmlFor="project-status">
              <Select id="project-status" value={status} onChange={(e) => setStatus(e.target.value as ProjectStatus)}>
                {PROJECT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {PROJECT_STATUS_LABELS[s]}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          {category === 'other' ? (
            <Field label="Custom Category" htmlFor={FIELD_IDS.customCategory}>
              <Input
                id={FIELD_IDS.customCategory}
                value={customCategory}
                onChange={(e) => setCustomCategory(e.target.value)}
                maxLength={PROJECT_LIMITS.customCategory}
                required
                {...problemAttributes(FIELD_IDS.customCategory, problems.customCategory)}
              />
              <FieldProblem controlId={FIELD_IDS.customCategory} problem={problems.customCategory} />
            </Field>
          ) : null}
          <Field label="Goals (optional)" htmlFor="project-goals">
            <Textarea id="project-goals" value={goals} onChange={(e) => setGoals(e.target.value)} maxLength={PROJECT_LIMITS.goals} rows={3} />
          </Field>
          <Field label="Target Date (optional)" htmlFor="project-target-date">
            <Input
              id={FIELD_IDS.targetDate}
              type="date"
              min={localCalendarDate()}
              value={targetDate}
              onChange={(e) => setTargetDate(e.target.value)}
              {...problemAttributes(FIELD_IDS.targetDate, problems.targetDate)}
            />
            <FieldProblem controlId={FIELD_IDS.targetDate} problem={problems.targetDate} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Project'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
