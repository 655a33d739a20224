import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select } from '../../../components/ui/field';
import { MoneyInput } from '../../../components/ui/money-input';
import { WholeNumberInput } from '../../../components/ui/whole-number-input';
import { moneyProblem, readMoney } from '../../../lib/money';
import { readWholeNumber } from '../../../lib/whole-number';
import { useAddCertification } from '../api/add-certification';
import { useAddUserSkill } from '../api/add-user-skill';
import { useSkillCategories } from '../api/get-skill-categories';
import { useSkills } from '../api/get-skills';

const MAX_YEARS = 100;
// The contract's limits (addCertificationSchema).
const CERT_LIMITS = { name: 200, issuer: 200, licenseNumber: 100 } as const;

interface SkillProblems {
  years?: string;
  rate?: string;
}

/** Add Skill (spec 02 §5): a category, then one of its skills; years and an hourly rate (a decimal) are optional. */
function checkSkill(years: string, rate: string): SkillProblems {
  const y = years.trim() ? readWholeNumber(years) : null;
  const r = rate.trim();
  return {
    years: !y ? undefined : 'error' in y ? y.error : y.value <= MAX_YEARS ? undefined : `Please enter whole years from 0 to ${MAX_YEARS}`,
    // The contract allows a rate of 0 (work given free).
    rate: r ? moneyProblem(readMoney(r)) : undefined,
  };
}

export function SkillForm({ profileId, onDone }: { profileId: string; onDone: () => void }) {
  const [categoryId, setCategoryId] = useState('');
  const [skillId, setSkillId] = useState('');
  const [years, setYears] = useState('');
  const [rate, setRate] = useState('');
  // Checked from the first Add on, so a message goes as soon as its field is right.
  const [checked, setChecked] = useState(false);
  const problems = checked ? checkSkill(years, rate) : {};
  const categories = useSkillCategories(true);
  const skills = useSkills(categoryId);
  const add = useAddUserSkill(onDone);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!skillId) return;
    const y = years.trim() ? readWholeNumber(years) : null;
    const r = rate.trim() ? readMoney(rate) : null;
    const found = checkSkill(years, rate);
    // Rendered at once, so the field that takes the focus below already carries its message.
    flushSync(() => setChecked(true));
    if (found.years || found.rate) {
      document.getElementById(found.years ? 'skill-years' : 'skill-rate')?.focus();
      return;
    }
    // Sent as the decimal's text, so 45.10 keeps its cents exactly.
    add.mutate({ profileId, skillId, yearsExperience: y && 'value' in y ? y.value : null, hourlyRate: r && 'amount' in r ? r.amount : null });
  };

  return (
    <form className="grid gap-3" noValidate onSubmit={submit}>
      <Field label="Skill category" htmlFor="skill-category">
        <Select
          id="skill-category"
          value={categoryId}
          onChange={(e) => {
            setCategoryId(e.target.value);
            setSkillId('');
          }}
          disabled={categories.isPending}
        >
          <option value="">{categories.isPending ? 'Loading categories...' : 'Choose a category'}</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Skill" htmlFor="skill-skill">
        <Select id="skill-skill" value={skillId} onChange={(e) => setSkillId(e.target.value)} disabled={!categoryId || skills.isPending}>
          <option value="">{categoryId && skills.isPending ? 'Loading skills...' : 'Choose a skill'}</option>
          {skills.data?.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Select>
      </Field>
      {categories.isError || skills.isError ? <p className="text-sm text-red-700">The skills could not be loaded.</p> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Years of experience" htmlFor="skill-years">
          <WholeNumberInput id="skill-years" value={years} onChange={(e) => setYears(e.target.value)} problem={problems.years} />
        </Field>
        <Field label="Hourly rate ($)" htmlFor="skill-rate">
          <MoneyInput id="skill-rate" value={rate} onValueChange={setRate} problem={problems.rate} />
        </Field>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!skillId || add.isPending}>
          {add.isPending ? 'Adding...' : 'Add Skill'}
        </Button>
      </div>
    </form>
  );
}

/** Add Certification: a name is required; issuer and licence number are optional. */
export function CertificationForm({ profileId, onDone }: { profileId: string; onDone: () => void }) {
  const [name, setName] = useState('');
  const [issuer, setIssuer] = useState('');
  const [licenseNumber, setLicenseNumber] = useState('');
  const add = useAddCertification(onDone);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!name.trim()) return;
    add.mutate({ profileId, name: name.trim(), issuer: issuer.trim() || null, licenseNumber: licenseNumber.trim() || null });
  };

  return (
    <form className="grid gap-3" onSubmit={submit}>
      <Field label="Certification name (required)" htmlFor="certification-name">
        <Input id="certification-name" required maxLength={CERT_LIMITS.name} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field label="Issuer" htmlFor="certification-issuer">
        <Input id="certification-issuer" maxLength={CERT_LIMITS.issuer} value={issuer} onChange={(e) => setIssuer(e.target.value)} />
      </Field>
      <Field label="License number" htmlFor="certification-license">
        <Input id="certification-license" maxLength={CERT_LIMITS.licenseNumber} value={licenseNumber} onChange={(e) => setLicenseNumber(e.target.value)} />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!name.trim() || add.isPending}>
          {add.isPending ? 'Adding...' : 'Add Certification'}
        </Button>
      </div>
    </form>
  );
}
