import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What confirming does, read out as the dialog opens. */
  description: string;
  /** The destructive button's text, and its text while the action runs. */
  confirmLabel?: string;
  pendingLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  /** Cancel, Escape, Close and the overlay. */
  onCancel: () => void;
  /** A preview of what the action removes. */
  children?: ReactNode;
}

/** Asks before a destructive action (deleting a post, an event, a piece of legislation). */
export function ConfirmDialog({ open, title, description, confirmLabel = 'Delete', pendingLabel = 'Deleting...', pending, onConfirm, onCancel, children }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={title}
      description={description}
    >
      {children}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="destructive" disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
