import { useWatch } from 'react-hook-form';
import type { ProfileFormValues } from '../utils/profile-form';
import { ProfileCheckbox } from './form-fields';

const HARDSHIPS = [
  ['medicalHardship', 'Medical'],
  ['financialHardship', 'Financial'],
  ['mentalHealthHardship', 'Mental health'],
  ['faithHardship', 'Faith'],
] as const;

const VISIBILITY_ID = 'hardships-visibility';

/**
 * The member's current hardships: checkboxes in edit mode, saying who sees them (the section is
 * public unless switched off, spec 02 §3); the checked ones as a line in view mode.
 */
export function Hardships({ editing }: { editing: boolean }) {
  const values = useWatch<ProfileFormValues>({ name: HARDSHIPS.map(([name]) => name) });
  const isPublic = useWatch<ProfileFormValues, 'hardshipsIsPublic'>({ name: 'hardshipsIsPublic' }) !== false;
  if (editing) {
    return (
      <div className="grid gap-2">
        <div className="grid gap-2 sm:grid-cols-2" role="group" aria-label="Current hardships" aria-describedby={VISIBILITY_ID}>
          {HARDSHIPS.map(([name, label]) => (
            <ProfileCheckbox key={name} name={name} label={label} editing />
          ))}
        </div>
        <p id={VISIBILITY_ID} className="text-sm text-slate-600">
          {isPublic ? 'Every member can see these while Hardships is public.' : 'Only you can see these while Hardships is private.'}
        </p>
      </div>
    );
  }
  const current = HARDSHIPS.filter((_, i) => values[i]).map(([, label]) => label);
  return <p className="text-sm text-slate-800">{current.length ? current.join(', ') : 'No current hardships.'}</p>;
}
