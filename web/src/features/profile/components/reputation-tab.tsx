import type { Testimonial } from '@freemarket/contracts';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Input, Textarea } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { ApiError } from '../../../lib/api-client';
import { fullName } from '../../../lib/profile-display';
import { useCreateTestimonial } from '../api/create-testimonial';
import { useDeleteTestimonial } from '../api/delete-testimonial';
import { useTestimonials } from '../api/get-testimonials';
import { PrivacySwitch } from './form-fields';
import { isHiddenFrom } from './privacy';
import { PrivateNotice, Section, type ProfileSectionProps } from './section';

// The contract's limits (createTestimonialSchema).
const LIMITS = { content: 2000, relationship: 100 } as const;

function TestimonialForm({ profileUserId, name }: { profileUserId: string; name: string }) {
  const [content, setContent] = useState('');
  const [relationship, setRelationship] = useState('');
  const create = useCreateTestimonial(() => {
    setContent('');
    setRelationship('');
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!content.trim() || create.isPending) return;
    create.mutate({ profileUserId, content: content.trim(), relationship: relationship.trim() || null });
  };
  return (
    <form className="grid gap-3 border-t border-slate-200 pt-3" onSubmit={submit} aria-labelledby="write-testimonial">
      <h3 id="write-testimonial" className="font-semibold text-slate-900">
        Write a testimonial for {name}
      </h3>
      <Field label="Testimonial" htmlFor="testimonial-content">
        <Textarea id="testimonial-content" rows={4} required maxLength={LIMITS.content} value={content} onChange={(e) => setContent(e.target.value)} />
      </Field>
      <Field label="How do you know them?" htmlFor="testimonial-relationship">
        <Input id="testimonial-relationship" maxLength={LIMITS.relationship} placeholder="Client, neighbor, colleague..." value={relationship} onChange={(e) => setRelationship(e.target.value)} />
      </Field>
      <div>
        <Button type="submit" disabled={!content.trim() || create.isPending}>
          {create.isPending ? 'Submitting...' : 'Submit Testimonial'}
        </Button>
      </div>
    </form>
  );
}

function TestimonialCard({ testimonial, canDelete }: { testimonial: Testimonial; canDelete: boolean }) {
  const remove = useDeleteTestimonial();
  const author = fullName(testimonial.author);
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-4" data-testid="testimonial">
      <blockquote className="text-sm wrap-anywhere whitespace-pre-line text-slate-800">{testimonial.content}</blockquote>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">
          <span className="font-medium text-slate-900">{author}</span>
          {testimonial.relationship ? <span> · {testimonial.relationship}</span> : null}
        </p>
        {canDelete ? (
          <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(testimonial.id)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> {remove.isPending ? 'Deleting...' : 'Delete'}
            <span className="sr-only"> testimonial by {author}</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** Spec 02 §2, the Reputation tab: testimonials others wrote about the member, and a form to write one. */
export function ReputationTab({ userId, profile, viewer, isOwn, editing }: ProfileSectionProps) {
  const hidden = isHiddenFrom(profile, 'testimonialsIsPublic', isOwn);
  // Testimonials belong to a profile: without one there is nothing to read (the server answers 404).
  const query = useTestimonials(userId, !hidden && profile !== null);
  // The server refuses another member a private list even before the profile page knows of it.
  const refused = !isOwn && query.error instanceof ApiError && query.error.status === 404;
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const wroteOne = items.some((t) => t.authorId === viewer.id);
  // The owner removes testimonials while editing the profile; an author may always take back their own.
  const canDelete = (t: Testimonial) => (isOwn && editing) || t.authorId === viewer.id;

  let body;
  if (hidden || refused) body = <PrivateNotice what="Testimonials" />;
  else if (profile === null) body = <p className="text-sm text-slate-600">Save your profile first: testimonials are written about a profile.</p>;
  else if (query.isPending) body = <p className="text-sm text-slate-600">Loading testimonials...</p>;
  else if (query.isError)
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-red-700">The testimonials could not be loaded.</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (!items.length) body = <p className="text-sm text-slate-600">{isOwn ? 'No one has written a testimonial for you yet.' : 'No testimonials yet.'}</p>;
  else
    body = (
      <>
        <ul className="grid gap-3" aria-label="Testimonials">
          {items.map((t) => (
            <TestimonialCard key={t.id} testimonial={t} canDelete={canDelete(t)} />
          ))}
        </ul>
        <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} label="Load more testimonials" />
      </>
    );

  return (
    <Section title="Testimonials" testId="testimonials" action={<PrivacySwitch flag="testimonialsIsPublic" section="Testimonials" editing={editing} />}>
      <div className="grid gap-3">
        {body}
        {/* One per author and member (the server refuses a second); a private list hides whether one exists. */}
        {!isOwn && profile && (hidden || refused || query.isSuccess) && !wroteOne ? <TestimonialForm profileUserId={userId} name={fullName(profile.user)} /> : null}
      </div>
    </Section>
  );
}
