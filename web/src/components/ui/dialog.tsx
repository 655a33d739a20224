import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out when the dialog opens; hidden visually when `hideDescription`. */
  description: string;
  hideDescription?: boolean;
  /**
   * Opens with the focus on the title instead of the first control: for a dialog that shows
   * something (a profile) before it asks anything, whose first button is an action.
   */
  focusTitleOnOpen?: boolean;
  children: ReactNode;
  className?: string;
}

// Where focus goes when the opener is gone: the heading of the part of the page it stood in.
const LANDMARKS = 'section, [role=region], [role=dialog], main';

/** The element that labels `landmark` (a section's heading), else the landmark itself. */
function labelOf(landmark: HTMLElement): HTMLElement {
  const id = landmark.getAttribute('aria-labelledby')?.split(/\s+/)[0];
  return (id ? document.getElementById(id) : null) ?? landmark;
}

/**
 * Gives the focus back to the control that opened the dialog or, when that control is gone or can
 * no longer take focus (a deleted row's Delete button), to the heading of the nearest section still
 * on the page that held it, else to `main`.
 */
function returnFocus(opener: HTMLElement | null, openerAncestors: HTMLElement[]): void {
  opener?.focus();
  if (opener && document.activeElement === opener) return;
  const remaining = openerAncestors.find((el) => el.isConnected);
  const landmark = remaining?.closest<HTMLElement>(LANDMARKS) ?? document.querySelector<HTMLElement>('main');
  if (!landmark) return;
  const target = labelOf(landmark);
  // @NOTE Focusable from script only; it stays out of the Tab order.
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
}

/**
 * A modal dialog: Radix traps focus inside and closes on Escape and on the overlay. It is opened
 * through `open` rather than a Radix Trigger, so Radix has no trigger to give the focus back to;
 * the dialog remembers what held the focus as it opened and returns the focus there on closing.
 */
export function Dialog({ open, onOpenChange, title, description, hideDescription, focusTitleOnOpen, children, className }: DialogProps) {
  const opener = useRef<{ element: HTMLElement | null; ancestors: HTMLElement[] }>({ element: null, ancestors: [] });
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Read when the content unmounts: only a dialog closed through `open` hands the focus back, not
  // one unmounted with the page (nor React's development-only remount).
  const isOpen = useRef(open);
  useLayoutEffect(() => {
    isOpen.current = open;
  }, [open]);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-[1000] bg-black/50" />
        <DialogPrimitive.Content
          // Radix fires this before it moves the focus into the dialog: the focus is still on the opener.
          onOpenAutoFocus={(event) => {
            const active = document.activeElement;
            const element = active instanceof HTMLElement && active !== document.body ? active : null;
            const ancestors: HTMLElement[] = [];
            for (let el = element?.parentElement ?? null; el; el = el.parentElement) ancestors.push(el);
            opener.current = { element, ancestors };
            if (focusTitleOnOpen && titleRef.current) {
              event.preventDefault();
              titleRef.current.focus();
            }
          }}
          // Radix hears Escape only in the topmost layer, which a toast shown over the dialog becomes;
          // an Escape that layer left unhandled, from inside this dialog (not a nested one), closes it.
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !event.defaultPrevented && event.currentTarget.contains(event.target as Node)) onOpenChange(false);
          }}
          // Fired after the content has left the page; preventing it stops Radix focusing its (absent) trigger.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (isOpen.current) return;
            // Something else took the focus on purpose as the dialog closed (a field with an error, a new page's heading).
            const active = document.activeElement;
            if (active && active !== document.body && active.isConnected) return;
            returnFocus(opener.current.element, opener.current.ancestors);
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-[1001] grid max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg bg-white p-5 shadow-xl',
            className,
          )}
        >
          <DialogPrimitive.Title ref={titleRef} tabIndex={focusTitleOnOpen ? -1 : undefined} className="pr-8 text-lg font-semibold text-slate-900 outline-none">
            {title}
          </DialogPrimitive.Title>
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
