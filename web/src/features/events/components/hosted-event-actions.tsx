import type { CommunityEvent } from '@freemarket/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EditDeleteButtons } from '../../../components/ui/edit-delete-buttons';
import { useDeleteEvent } from '../api/delete-event';

/** The host's Edit and Delete beside one of their events (the events page, their profile's Hosting list). */
export function HostActions({ event, onEdit, onDelete }: { event: CommunityEvent; onEdit: () => void; onDelete: () => void }) {
  return <EditDeleteButtons name={event.title} onEdit={onEdit} onDelete={onDelete} />;
}

/** Asks the host before deleting `event`; null keeps it closed. */
export function DeleteEventDialog({ event, onClose }: { event: CommunityEvent | null; onClose: () => void }) {
  const remove = useDeleteEvent(onClose);
  return (
    <ConfirmDialog
      open={event !== null}
      title="Delete this event?"
      description={event ? `${event.title} is removed from your profile and the event calendar, with its RSVPs. This cannot be undone.` : ''}
      pending={remove.isPending}
      onConfirm={() => event && remove.mutate(event.id)}
      onCancel={onClose}
    />
  );
}
