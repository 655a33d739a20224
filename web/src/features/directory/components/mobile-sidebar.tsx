import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** Small screens: the search sidebar slides in from the left over a dimmed overlay; tapping the overlay closes it. */
export function MobileSidebar({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-[1000] bg-black/50 md:hidden" data-testid="sidebar-overlay" />
        <DialogPrimitive.Content className="fm-slide-in fixed inset-y-0 left-0 z-[1001] w-[min(360px,85vw)] bg-white shadow-xl md:hidden">
          <DialogPrimitive.Title className="sr-only">Search</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">Search profiles and choose one to see on the map</DialogPrimitive.Description>
          <DialogPrimitive.Close className="absolute top-2 right-2 z-10 rounded p-1.5 text-slate-700 hover:bg-slate-100" aria-label="Close search">
            <X className="h-5 w-5" aria-hidden="true" />
          </DialogPrimitive.Close>
          <div className="h-full pt-8">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
