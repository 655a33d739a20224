import { PROFILE_TEXT_MAX, type PrivacyFlag } from '@freemarket/contracts/constants';
import { Controller, useFormContext } from 'react-hook-form';
import { Field, FieldProblem, Input, problemAttributes, Textarea } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { WholeNumberInput } from '../../../components/ui/whole-number-input';
import { capitalised } from '../../../lib/server-reason';
import type { ProfileFlagField, ProfileFormValues, ProfileListField, ProfileTextField, ProfileWholeNumberField } from '../utils/profile-form';

/**
 * A disabled field outside edit mode is a value being read, not an unavailable control: normal text,
 * no fade (the shared controls fade when disabled).
 */
const VIEWING = 'disabled:cursor-default disabled:bg-slate-50 disabled:opacity-100!';

/** A text field of the profile form: disabled outside edit mode (spec 02 §2), its message below it. */
export function ProfileTextInput({ name, label, editing, multiline = false, type = 'text' }: { name: ProfileTextField | 'latitude' | 'longitude'; label: string; editing: boolean; multiline?: boolean; type?: string }) {
  const { register, formState } = useFormContext<ProfileFormValues>();
  // The contract's messages read on from the field's name ('must be a decimal number'); here they stand alone.
  const message = formState.errors[name]?.message;
  const problem = message ? capitalised(message) : undefined;
  const id = `profile-${name}`;
  const maxLength = name === 'latitude' || name === 'longitude' ? 20 : PROFILE_TEXT_MAX[name];
  const common = { id, disabled: !editing, className: editing ? undefined : VIEWING, ...problemAttributes(id, problem), maxLength, ...register(name) };
  return (
    <Field label={label} htmlFor={id}>
      {multiline ? <Textarea rows={3} {...common} /> : <Input type={type} {...common} />}
      <FieldProblem controlId={id} problem={problem} />
    </Field>
  );
}

/** A whole number of the profile form (years in business, employees): kept as typed, read when the form is checked (profile-resolver). */
export function ProfileNumberInput({ name, label, editing }: { name: ProfileWholeNumberField; label: string; editing: boolean }) {
  const { register, formState } = useFormContext<ProfileFormValues>();
  const id = `profile-${name}`;
  return (
    <Field label={label} htmlFor={id}>
      <WholeNumberInput id={id} disabled={!editing} className={editing ? undefined : VIEWING} problem={formState.errors[name]?.message} {...register(name)} />
    </Field>
  );
}

/** A yes/no field shown as a checkbox; in view mode the checked ones read as a plain list by their section. */
export function ProfileCheckbox({ name, label, editing }: { name: ProfileFlagField; label: string; editing: boolean }) {
  const { register } = useFormContext<ProfileFormValues>();
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" className="h-4 w-4 accent-blue-700" disabled={!editing} {...register(name)} />
      {label}
    </label>
  );
}

/**
 * A list chosen from fixed values (payment forms, looking for, values of §9): a group of checkboxes
 * in edit mode; outside it, the chosen ones read as a plain list under the legend, as the flags do.
 */
export function ProfileChoiceList({ name, legend, options, editing }: { name: ProfileListField; legend: string; options: readonly string[]; editing: boolean }) {
  const { control } = useFormContext<ProfileFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const selected: readonly string[] = field.value ?? [];
        if (!editing) {
          const chosen = options.filter((option) => selected.includes(option));
          return (
            <div className="grid gap-1.5">
              <p className="text-sm font-medium text-slate-800">{legend}</p>
              <p className="text-sm text-slate-800">{chosen.length ? chosen.join(', ') : 'None listed'}</p>
            </div>
          );
        }
        return (
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
          <div className="grid grid-cols-1 gap-1.5 sm:grid-cols-2">
            {options.map((option) => (
              <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-blue-700"
                  checked={selected.includes(option)}
                  onChange={(e) => field.onChange(e.target.checked ? [...selected, option] : selected.filter((v) => v !== option))}
                />
                {option}
              </label>
            ))}
          </div>
        </fieldset>
        );
      }}
    />
  );
}

/** A section's privacy switch (spec 02 §2): only on one's own profile in edit mode. */
export function PrivacySwitch({ flag, section, editing }: { flag: PrivacyFlag; section: string; editing: boolean }) {
  const { control } = useFormContext<ProfileFormValues>();
  if (!editing) return null;
  const id = `privacy-${flag}`;
  return (
    <Controller
      control={control}
      name={flag}
      render={({ field }) => (
        <div className="flex items-center gap-2">
          <label htmlFor={id} className="text-sm text-slate-700">
            {field.value !== false ? `${section}: public` : `${section}: private`}
          </label>
          <Switch id={id} checked={field.value !== false} onCheckedChange={field.onChange} />
        </div>
      )}
    />
  );
}
