import type { SkillCategory, Tutorial } from '@freemarket/contracts';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, FieldProblem, Input, problemAttributes, Select, Textarea } from '../../../components/ui/field';
import { MoneyInput } from '../../../components/ui/money-input';
import { Switch } from '../../../components/ui/switch';
import { WholeNumberInput } from '../../../components/ui/whole-number-input';
import { moneyProblem, readCardAmount } from '../../../lib/money';
import { isWebAddress } from '../../../lib/web-address';
import { readWholeNumber, type WholeNumberReading } from '../../../lib/whole-number';
import { useCreateTutorial } from '../api/create-tutorial';
import { useSkills } from '../api/get-skills';
import { TUTORIAL_LIMITS } from '../utils/constants';

type Problem = 'title' | 'videoUrl' | 'category' | 'skill' | 'duration' | 'price';
type Problems = Partial<Record<Problem, string>>;

const FIELD_IDS: Record<Problem, string> = {
  title: 'tutorial-title',
  videoUrl: 'tutorial-video-url',
  category: 'tutorial-category',
  skill: 'tutorial-skill',
  duration: 'tutorial-duration',
  price: 'tutorial-price',
};

interface Draft {
  title: string;
  videoUrl: string;
  categoryId: string;
  skillId: string;
  duration: string;
  isFree: boolean;
  price: string;
}

/** What is wrong with a paid tutorial's price, if anything: it is paid by card, so it is an amount one card payment can be. */
function checkPrice(text: string): string | undefined {
  return moneyProblem(readCardAmount(text));
}

/** The optional duration's minutes as typed, none when empty. */
function readDuration(text: string): WholeNumberReading | null {
  return text.trim() ? readWholeNumber(text) : null;
}

/** The duration's problem: not a whole number, or outside the contract's range. */
function checkDuration(text: string): string | undefined {
  const read = readDuration(text);
  if (!read) return undefined;
  const range = `Please enter whole minutes from 1 to ${TUTORIAL_LIMITS.durationMinutes.toLocaleString('en-US')}`;
  // A negative count is a whole number too: what is wrong with it is its range.
  if ('error' in read) return /^-\s*[\d,]+$/.test(text.trim()) ? range : read.error;
  return read.value >= 1 && read.value <= TUTORIAL_LIMITS.durationMinutes ? undefined : range;
}

/** The video's address: optional for a free tutorial, what members pay for in a paid one. */
function videoProblem(d: Draft): string | undefined {
  const address = d.videoUrl.trim();
  if (!address) return d.isFree ? undefined : 'Please enter the video’s web address: it is what members pay for';
  return isWebAddress(address) ? undefined : 'Please enter a web address starting with http:// or https://';
}

/** The contract's rules, in the form's words, so the server's refusals are rare. */
function check(d: Draft): Problems {
  return {
    title: d.title.trim() ? undefined : 'Please enter a title',
    videoUrl: videoProblem(d),
    category: d.categoryId ? undefined : 'Please choose a category',
    skill: d.categoryId && !d.skillId ? 'Please choose a skill' : undefined,
    duration: checkDuration(d.duration),
    price: d.isFree ? undefined : checkPrice(d.price),
  };
}

const EMPTY: Draft = { title: '', videoUrl: '', categoryId: '', skillId: '', duration: '', isFree: true, price: '0' };

/** Spec 02 §2 and §5: Create Tutorial and its dialog; the Free switch hides the price (§4). */
export function CreateTutorialButton({ categories, onCreated }: { categories: SkillCategory[]; onCreated: (tutorial: Tutorial) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [description, setDescription] = useState('');
  // Checked from the first Create on, so a message goes as soon as its field is right.
  const [checked, setChecked] = useState(false);
  const problems: Problems = checked ? check(draft) : {};
  const skills = useSkills(draft.categoryId);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const close = () => {
    setOpen(false);
    setDraft(EMPTY);
    setDescription('');
    setChecked(false);
  };
  const create = useCreateTutorial((tutorial) => {
    close();
    onCreated(tutorial);
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = check(draft);
    // Rendered at once, so the field that takes the focus below already carries its message.
    flushSync(() => setChecked(true));
    const first = (Object.keys(FIELD_IDS) as Problem[]).find((f) => found[f]);
    if (first) {
      document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    const duration = readDuration(draft.duration);
    const price = readCardAmount(draft.price);
    create.mutate({
      title: draft.title.trim(),
      description: description.trim() || null,
      videoUrl: draft.videoUrl.trim() || null,
      duration: duration && 'value' in duration ? duration.value : null,
      // Spec 02 §5: '0' when free, otherwise the typed price.
      price: draft.isFree || 'error' in price ? '0' : price.amount,
      isFree: draft.isFree,
      skillId: draft.skillId,
    });
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus className="h-4 w-4" aria-hidden="true" /> Create Tutorial
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title="Create Tutorial"
        description="Share what you know with a video tutorial."
        className="max-w-xl"
      >
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <Field label="Title" htmlFor={FIELD_IDS.title}>
            <Input id={FIELD_IDS.title} value={draft.title} onChange={(e) => set({ title: e.target.value })} maxLength={TUTORIAL_LIMITS.title} required {...problemAttributes(FIELD_IDS.title, problems.title)} />
            <FieldProblem controlId={FIELD_IDS.title} problem={problems.title} />
          </Field>
          <Field label="Description (optional)" htmlFor="tutorial-description">
            <Textarea id="tutorial-description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={TUTORIAL_LIMITS.description} rows={3} />
          </Field>
          <Field label={draft.isFree ? 'Video URL (optional)' : 'Video URL'} htmlFor={FIELD_IDS.videoUrl}>
            <Input
              id={FIELD_IDS.videoUrl}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={draft.videoUrl}
              onChange={(e) => set({ videoUrl: e.target.value })}
              maxLength={TUTORIAL_LIMITS.videoUrl}
              {...problemAttributes(FIELD_IDS.videoUrl, problems.videoUrl)}
            />
            <FieldProblem controlId={FIELD_IDS.videoUrl} problem={problems.videoUrl} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Category" htmlFor={FIELD_IDS.category}>
              <Select id={FIELD_IDS.category} value={draft.categoryId} onChange={(e) => set({ categoryId: e.target.value, skillId: '' })} required {...problemAttributes(FIELD_IDS.category, problems.category)}>
                <option value="">Choose a category</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
              <FieldProblem controlId={FIELD_IDS.category} problem={problems.category} />
            </Field>
            <Field label="Skill" htmlFor={FIELD_IDS.skill}>
              <Select
                id={FIELD_IDS.skill}
                value={draft.skillId}
                onChange={(e) => set({ skillId: e.target.value })}
                disabled={!draft.categoryId || skills.isPending}
                required
                {...problemAttributes(FIELD_IDS.skill, problems.skill)}
              >
                <option value="">{!draft.categoryId ? 'Choose a category first' : skills.isPending ? 'Loading skills...' : 'Choose a skill'}</option>
                {(skills.data ?? []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Select>
              <FieldProblem controlId={FIELD_IDS.skill} problem={problems.skill} />
            </Field>
          </div>
          <Field label="Duration (minutes, optional)" htmlFor={FIELD_IDS.duration}>
            <WholeNumberInput id={FIELD_IDS.duration} value={draft.duration} onChange={(e) => set({ duration: e.target.value })} problem={problems.duration} />
          </Field>
          <div className="flex items-center gap-3">
            <Switch id="tutorial-free" checked={draft.isFree} onCheckedChange={(isFree) => set({ isFree })} />
            <label htmlFor="tutorial-free" className="text-sm font-medium text-slate-800">
              Free
            </label>
          </div>
          {draft.isFree ? null : (
            <Field label="Price ($)" htmlFor={FIELD_IDS.price}>
              <MoneyInput id={FIELD_IDS.price} value={draft.price} onValueChange={(price) => set({ price })} problem={problems.price} />
            </Field>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Tutorial'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
