import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out when the dialog opens; hidden visually when `hideDescription`. */
  description: string;
  hideDescription?: boolean;
  children: ReactNode;
  className?: string;
}

/**
 * A modal dialog: Radix traps focus inside, closes on Escape and on the overlay, and gives the
 * focus back to whatever opened it.
 */
export function Dialog({ open, onOpenChange, title, description, hideDescription, children, className }: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-[1000] bg-black/50" />
        <DialogPrimitive.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-[1001] grid max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg bg-white p-5 shadow-xl',
            className,
          )}
        >
          <DialogPrimitive.Title className="pr-8 text-lg font-semibold text-slate-900">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Description className={hideDescription ? 'sr-only' : 'text-sm text-slate-600'}>{description}</DialogPrimitive.Description>
          {children}
          <DialogPrimitive.Close aria-label="Close" className="absolute top-3 right-3 rounded p-1.5 text-slate-600 hover:bg-slate-100">
            <X className="h-5 w-5" aria-hidden="true" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
