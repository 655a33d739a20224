import type { CommunityEvent, EventBody } from '@freemarket/contracts';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Textarea } from '../../../components/ui/field';
import { useCreateEvent } from '../api/create-event';
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

function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="text-sm text-red-700">
      {text}
    </p>
  ) : null;
}

interface EventFormProps {
  event?: CommunityEvent | null;
  pending: boolean;
  onSubmit: (body: EventBody) => void;
  onCancel: () => void;
}

function checkEvent(title: string, eventDate: string): Problems {
  return { title: title.trim() ? undefined : 'Please enter a title', eventDate: isoOf(eventDate) ? undefined : INVALID_EVENT_DATE };
}

// Its state lives inside the dialog's content, which unmounts on close: every opening starts afresh.
function EventForm({ event, pending, onSubmit, onCancel }: EventFormProps) {
  const [title, setTitle] = useState(event?.title ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [eventDate, setEventDate] = useState(event ? localInputOf(event.eventDate) : '');
  const [location, setLocation] = useState(event?.location ?? '');
  // Checked from the first submit on, so a message goes as soon as its field is right.
  const [checked, setChecked] = useState(false);
  const problems = checked ? checkEvent(title, eventDate) : {};

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const iso = isoOf(eventDate);
    const found = checkEvent(title, eventDate);
    // Rendered at once, so the field that takes the focus below already carries its message.
    flushSync(() => setChecked(true));
    if (found.title || found.eventDate || !iso) {
      // The first field that needs a change takes the focus, and its message is read out with it.
      document.getElementById(found.title ? 'event-title' : 'event-date')?.focus();
      return;
    }
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
          aria-invalid={problems.title ? true : undefined}
          aria-describedby={problems.title ? 'event-title-problem' : undefined}
        />
        <FieldError id="event-title-problem" text={problems.title} />
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
          aria-invalid={problems.eventDate ? true : undefined}
          aria-describedby={problems.eventDate ? 'event-date-problem' : undefined}
        />
        <FieldError id="event-date-problem" text={problems.eventDate} />
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
  onSubmit: (body: EventBody) => void;
}

/** 'Create New Event', or 'Edit Event' for a hosted one (the profile's Events tab); the caller sends the body. */
export function EventFormDialog({ open, onOpenChange, event, pending, onSubmit }: EventFormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={event ? 'Edit Event' : 'Create New Event'}
      description={event ? 'Change the details of your event.' : 'Share an event with your community.'}
      hideDescription
    >
      <EventForm event={event} pending={pending} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} />
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
      <EventFormDialog open={open} onOpenChange={setOpen} pending={create.isPending} onSubmit={(body) => create.mutate(body)} />
    </>
  );
}
