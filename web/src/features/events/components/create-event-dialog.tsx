import type { CommunityEvent } from '@freemarket/contracts';
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

function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="text-sm text-red-700">
      {text}
    </p>
  ) : null;
}

/** Spec 02 §2: 'Create Event' and its 'Create New Event' dialog; it closes and resets on success (§4). */
export function CreateEventButton({ onCreated }: { onCreated: (event: CommunityEvent) => void }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [eventDate, setEventDate] = useState('');
  const [location, setLocation] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  const reset = () => {
    setTitle('');
    setDescription('');
    setEventDate('');
    setLocation('');
    setProblems({});
  };
  const close = () => {
    setOpen(false);
    reset();
  };
  const create = useCreateEvent((event) => {
    close();
    onCreated(event);
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const iso = isoOf(eventDate);
    const found: Problems = { title: title.trim() ? undefined : 'Please enter a title', eventDate: iso ? undefined : INVALID_EVENT_DATE };
    // Rendered at once, so the field that takes the focus below already carries its message.
    flushSync(() => setProblems(found));
    if (found.title || found.eventDate || !iso) {
      // The first field that needs a change takes the focus, and its message is read out with it.
      document.getElementById(found.title ? 'event-title' : 'event-date')?.focus();
      return;
    }
    create.mutate({ title: title.trim(), description: description.trim() || null, eventDate: iso, location: location.trim() || null });
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus className="h-4 w-4" aria-hidden="true" /> Create Event
      </Button>
      <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())} title="Create New Event" description="Share an event with your community." hideDescription>
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
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Event'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
