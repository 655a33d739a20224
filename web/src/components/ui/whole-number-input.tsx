import { forwardRef, type InputHTMLAttributes } from 'react';
import { Input } from './field';

export interface WholeNumberInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'> {
  id: string;
  /** Shown under the field, which is then marked invalid and described by it. */
  problem?: string;
}

/**
 * Every whole-number field (years, employees, minutes): plain text with the numeric keypad, checked
 * with `readWholeNumber`. Not `type="number"`, whose browser reading drops a comma as a thousands
 * separator and so turns a typed 1,5 into 15 before the form sees it. Takes the usual input props,
 * so a react-hook-form `register` spreads onto it as onto any input.
 */
export const WholeNumberInput = forwardRef<HTMLInputElement, WholeNumberInputProps>(function WholeNumberInput({ id, problem, ...props }, ref) {
  const problemId = `${id}-problem`;
  return (
    <>
      <Input
        ref={ref}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        {...props}
      />
      {problem ? (
        <p id={problemId} className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </>
  );
});
