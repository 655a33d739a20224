import type { CommunityEvent } from '@freemarket/contracts';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteEvent } from '../api/delete-event';

/** The host's Edit and Delete beside one of their events (the events page, their profile's Hosting list). */
export function HostActions({ event, onEdit, onDelete }: { event: CommunityEvent; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button size="sm" variant="outline" onClick={onEdit}>
        <Pencil className="h-4 w-4" aria-hidden="true" /> Edit<span className="sr-only"> {event.title}</span>
      </Button>
      <Button size="sm" variant="ghost" onClick={onDelete}>
        <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete<span className="sr-only"> {event.title}</span>
      </Button>
    </>
  );
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
