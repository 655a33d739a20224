import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const CONTROL =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-blue-500 disabled:opacity-60';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  return <input ref={ref} className={cn(CONTROL, 'h-10', className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className, ...props }, ref) {
  return <textarea ref={ref} className={cn(CONTROL, className?.includes('min-h-') ? undefined : 'min-h-20', className)} {...props} />;
});

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, ...props }, ref) {
  return <select ref={ref} className={cn(CONTROL, 'h-10', className)} {...props} />;
});

/** A label above its control. */
export function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** `aria-invalid` and `aria-describedby` for a control whose value was refused, pointing at its FieldProblem. */
export function problemAttributes(controlId: string, problem: string | null | undefined): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return problem ? { 'aria-invalid': true, 'aria-describedby': `${controlId}-problem` } : {};
}

/** Why a control's value was refused, under it; the control points at it through `problemAttributes`. */
export function FieldProblem({ controlId, problem }: { controlId: string; problem: string | null | undefined }) {
  return problem ? (
    <p id={`${controlId}-problem`} className="text-sm wrap-anywhere text-red-700">
      {problem}
    </p>
  ) : null;
}
