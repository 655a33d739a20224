import type { CommunityEvent, EventBody } from '@freemarket/contracts';
import { useCreateEvent } from '../api/create-event';
import { useUpdateEvent } from '../api/update-event';
import { EventFormDialog } from './create-event-dialog';

/** The event being edited, or `{ event: null }` to create one; null while the dialog is closed. */
export type EventEditorTarget = { event: CommunityEvent | null } | null;

export interface EventEditorDialogProps {
  target: EventEditorTarget;
  onClose: () => void;
  /** The event as saved (the events page shows its day). */
  onSaved?: (event: CommunityEvent) => void;
}

/** Spec 02 §4: the host creates an event or changes one of theirs, in one dialog. */
export function EventEditorDialog({ target, onClose, onSaved }: EventEditorDialogProps) {
  const saved = (event: CommunityEvent) => {
    onClose();
    onSaved?.(event);
  };
  const create = useCreateEvent(saved, 'Failed to save event');
  const update = useUpdateEvent(saved);
  const save = (body: EventBody) => (target?.event ? update.mutate({ id: target.event.id, body }) : create.mutate(body));
  return (
    <EventFormDialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      event={target?.event}
      pending={create.isPending || update.isPending}
      error={target?.event ? update.error : create.error}
      onSubmit={save}
    />
  );
}
