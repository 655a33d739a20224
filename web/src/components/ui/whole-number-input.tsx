import { forwardRef, type InputHTMLAttributes } from 'react';
import { FieldProblem, Input, problemAttributes } from './field';

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
  return (
    <>
      <Input
        ref={ref}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        {...problemAttributes(id, problem)}
        {...props}
      />
      <FieldProblem controlId={id} problem={problem} />
    </>
  );
});
