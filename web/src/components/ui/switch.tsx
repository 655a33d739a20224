import { cn } from '../../lib/cn';

export interface SwitchProps {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The id of the text that names the switch when no `<label htmlFor>` does. */
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
}

/** An on/off switch: a button with the switch role, named by a `<label htmlFor={id}>`. */
export function Switch({ id, checked, onCheckedChange, ...aria }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-400',
        checked ? 'bg-blue-700' : 'bg-slate-400',
      )}
      {...aria}
    >
      <span aria-hidden="true" className={cn('inline-block h-5 w-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5' : 'translate-x-0.5')} />
    </button>
  );
}
