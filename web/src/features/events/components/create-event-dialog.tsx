import type { CommunityEvent, EventBody } from '@freemarket/contracts';
import { Plus } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, FieldProblem, Input, problemAttributes, Textarea } from '../../../components/ui/field';
import { useCreateEvent } from '../api/create-event';
import { dateRefusal } from '../api/event-save-error';
import { EVENT_LIMITS, INVALID_EVENT_DATE } from '../utils/constants';

interface Problems {
  title?: string;
  eventDate?: string;
}

/** The datetime-local value as an ISO instant (spec 02 §5), or null when it does not parse. */
function isoOf(local: string): string | null {
  const date = new Date(local);
  return local && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the datetime-local value of the member's own time zone. */
function localInputOf(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

interface EventFormProps {
  event?: CommunityEvent | null;
  pending: boolean;
  /** The last save's failure: a date the server refused as past shows under the date field. */
  error: Error | null;
  onSubmit: (body: EventBody) => void;
  onCancel: () => void;
}

function checkEvent(title: string, eventDate: string): Problems {
  return { title: title.trim() ? undefined : 'Please enter a title', eventDate: isoOf(eventDate) ? undefined : INVALID_EVENT_DATE };
}

// Its state lives inside the dialog's content, which unmounts on close: every opening starts afresh.
function EventForm({ event, pending, error, onSubmit, onCancel }: EventFormProps) {
  const [title, setTitle] = useState(event?.title ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [eventDate, setEventDate] = useState(event ? localInputOf(event.eventDate) : '');
  const [location, setLocation] = useState(event?.location ?? '');
  // Checked from the first submit on, so a message goes as soon as its field is right.
  const [checked, setChecked] = useState(false);
  // The date this form last sent: the server's refusal of it stands until the member changes it.
  const [sentDate, setSentDate] = useState<string | null>(null);
  const refusal = sentDate !== null ? dateRefusal(error) : undefined;
  const problems = checked ? checkEvent(title, eventDate) : {};
  const dateProblem = problems.eventDate ?? (refusal && eventDate === sentDate ? refusal : undefined);

  // A refused date takes the focus, as a date the form itself finds wrong does, and its message is read out.
  useEffect(() => {
    if (refusal) document.getElementById('event-date')?.focus();
  }, [refusal, error]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // An unchanged date is sent as stored, to the millisecond: the server takes a past event's other changes only while its date stays.
    const iso = event && eventDate === localInputOf(event.eventDate) ? event.eventDate : isoOf(eventDate);
    const found = checkEvent(title, eventDate);
    // Rendered at once, so the field that takes the focus below already carries its message.
    flushSync(() => setChecked(true));
    if (found.title || found.eventDate || !iso) {
      // The first field that needs a change takes the focus, and its message is read out with it.
      document.getElementById(found.title ? 'event-title' : 'event-date')?.focus();
      return;
    }
    setSentDate(eventDate);
    onSubmit({ title: title.trim(), description: description.trim() || null, eventDate: iso, location: location.trim() || null });
  };

  const busyLabel = event ? 'Saving...' : 'Creating...';
  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <Field label="Event Title" htmlFor="event-title">
        <Input
          id="event-title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={EVENT_LIMITS.title}
          required
          {...problemAttributes('event-title', problems.title)}
        />
        <FieldProblem controlId="event-title" problem={problems.title} />
      </Field>
      <Field label="Description" htmlFor="event-description">
        <Textarea id="event-description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={EVENT_LIMITS.description} rows={3} />
      </Field>
      <Field label="Date & Time" htmlFor="event-date">
        <Input
          id="event-date"
          type="datetime-local"
          value={eventDate}
          onChange={(e) => setEventDate(e.target.value)}
          required
          {...problemAttributes('event-date', dateProblem)}
        />
        <FieldProblem controlId="event-date" problem={dateProblem} />
      </Field>
      <Field label="Location" htmlFor="event-location">
        <Input id="event-location" value={location} onChange={(e) => setLocation(e.target.value)} maxLength={EVENT_LIMITS.location} />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? busyLabel : event ? 'Save Event' : 'Create Event'}
        </Button>
      </div>
    </form>
  );
}

export interface EventFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The event being edited; without one the dialog creates an event. */
  event?: CommunityEvent | null;
  pending: boolean;
  /** The last save's failure, for the form to show a refused date under its field. */
  error: Error | null;
  onSubmit: (body: EventBody) => void;
}

/** 'Create New Event', or 'Edit Event' for a hosted one (the events page, the profile's Events tab); the caller sends the body. */
export function EventFormDialog({ open, onOpenChange, event, pending, error, onSubmit }: EventFormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={event ? 'Edit Event' : 'Create New Event'}
      description={event ? 'Change the details of your event.' : 'Share an event with your community.'}
      hideDescription
    >
      <EventForm event={event} pending={pending} error={error} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}

/** Spec 02 §2: 'Create Event' and its 'Create New Event' dialog; it closes and resets on success (§4). */
export function CreateEventButton({ onCreated }: { onCreated: (event: CommunityEvent) => void }) {
  const [open, setOpen] = useState(false);
  const create = useCreateEvent((event) => {
    setOpen(false);
    onCreated(event);
  });
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus className="h-4 w-4" aria-hidden="true" /> Create Event
      </Button>
      <EventFormDialog open={open} onOpenChange={setOpen} pending={create.isPending} error={create.error} onSubmit={(body) => create.mutate(body)} />
    </>
  );
}
