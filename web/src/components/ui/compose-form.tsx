import { useId } from 'react';
import { Button } from './button';
import { Textarea } from './field';

export interface ComposeFormProps {
  label: string;
  placeholder: string;
  /** Read out with the text area: what happens to the text. */
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Called with the trimmed text; never with blank text or while pending. */
  onSubmit: (text: string) => void;
}

/** A text area and its submit button, which stays disabled while the text is blank or being sent. */
export function ComposeForm({ label, placeholder, hint, value, onChange, maxLength, pending, submitLabel, pendingLabel, onSubmit }: ComposeFormProps) {
  const id = useId();
  const blank = value.trim() === '';
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!blank && !pending) onSubmit(value.trim());
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <Textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        rows={4}
        className="min-h-28 resize-y"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div className="flex items-center justify-between gap-3">
        <span className="text-xs text-slate-600">
          {value.length.toLocaleString()} / {maxLength.toLocaleString()}
        </span>
        <Button type="submit" disabled={blank || pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
