import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { FieldProblem, Input, problemAttributes } from './field';

export interface MoneyInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'value' | 'onChange'> {
  id: string;
  value: string;
  onValueChange: (text: string) => void;
  /** Shown under the field, which is then marked invalid and described by it. */
  problem?: string;
}

/**
 * Every money field: plain text with the decimal keypad, checked with `readMoney`. Not
 * `type="number"`, whose browser reading drops a comma as a thousands separator and so turns a
 * typed 12,50 into 1250 before the form sees it.
 */
export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput({ id, value, onValueChange, problem, className, ...props }, ref) {
  return (
    <>
      <div className="relative">
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-600" aria-hidden="true">
          $
        </span>
        <Input
          ref={ref}
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className={cn('pl-7', className)}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          {...problemAttributes(id, problem)}
          {...props}
        />
      </div>
      <FieldProblem controlId={id} problem={problem} />
    </>
  );
});
