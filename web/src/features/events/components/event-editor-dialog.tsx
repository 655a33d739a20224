import type { CommunityEvent, EventBody } from '@freemarket/contracts';
import { useCreateEvent } from '../api/create-event';
import { useUpdateEvent } from '../api/update-event';
import { EventFormDialog } from './create-event-dialog';

/** The event being edited, or `{ event: null }` to create one; null while the dialog is closed. */
export type EventEditorTarget = { event: CommunityEvent | null } | null;

/** Spec 02 §4: the host creates an event or changes one of theirs, in one dialog. */
export function EventEditorDialog({ target, onClose }: { target: EventEditorTarget; onClose: () => void }) {
  const create = useCreateEvent(onClose, 'Failed to save event');
  const update = useUpdateEvent(onClose);
  const save = (body: EventBody) => (target?.event ? update.mutate({ id: target.event.id, body }) : create.mutate(body));
  return (
    <EventFormDialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())} event={target?.event} pending={create.isPending || update.isPending} onSubmit={save} />
  );
}
