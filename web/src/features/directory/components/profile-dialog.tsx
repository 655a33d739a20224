import { Star } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Avatar, initialOf } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SkeletonList } from '../../../components/ui/skeleton';
import { MAX_REVIEWS_SHOWN, PLACEHOLDERS } from '../../../config/constants';
import { useCreatorContent } from '../api/get-creator-content';
import { useReviews } from '../api/get-reviews';
import type { Profile } from '../api/types';
import { plural } from '../../../lib/plural';
import { formatRating, fullName, ratingOf } from '../../../lib/profile-display';
import { titleOf } from '../utils/profile-view';
import { ReviewForm } from './review-form';

/** A search result, or a full profile fetched for a marker that is not in the list. */
export type DialogProfile = Omit<Profile, 'distanceKm'>;

export interface ProfileDialogProps {
  profile: DialogProfile | null;
  onClose: () => void;
  isOwn: boolean;
  /** Connect, message, log transaction, send money, donate: composed in by the route. */
  actionsSlot?: ReactNode;
  onReviewPosted?: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-1.5">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function Reviews({ userId }: { userId: string }) {
  const reviews = useReviews(userId);
  if (reviews.isPending) return <SkeletonList count={PLACEHOLDERS.reviews} label="Loading reviews" itemClassName="h-12 w-full" />;
  const items = (reviews.data?.items ?? []).slice(0, MAX_REVIEWS_SHOWN);
  if (items.length === 0) return <p className="text-sm text-slate-600">No reviews yet.</p>;
  return (
    <ul className="grid gap-2" data-testid="reviews">
      {items.map((r) => (
        <li key={r.id} className="rounded-md bg-slate-50 p-2 text-sm">
          <p className="flex items-center gap-1 font-medium text-slate-900">
            <Star className="h-3.5 w-3.5 fill-amber-400 text-amber-500" aria-hidden="true" /> {r.rating} ·{' '}
            {[r.reviewer?.firstName, r.reviewer?.lastName].filter(Boolean).join(' ') || 'A member'}
          </p>
          {r.comment ? <p className="text-slate-700">{r.comment}</p> : null}
          <p className="text-xs text-slate-600">{new Date(r.createdAt).toLocaleDateString()}</p>
        </li>
      ))}
    </ul>
  );
}

function DiyContentList({ userId }: { userId: string }) {
  const content = useCreatorContent(userId);
  const items = content.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Section title="DIY Training & Content">
      <ul className="grid gap-1 text-sm" data-testid="creator-tutorials">
        {items.map((c) => (
          <li key={c.id} className="flex justify-between gap-2 text-slate-800">
            <span className="min-w-0 wrap-anywhere">
              {c.title}
              {c.skill ? <span className="text-slate-600"> · {c.skill.name}</span> : null}
              {c.duration ? <span className="text-slate-600"> · {c.duration} min video</span> : null}
            </span>
            <span className="shrink-0 font-medium">{c.isFree || Number(c.price) === 0 ? 'Free' : `$${Number(c.price).toFixed(2)}`}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ProfileDetails({ profile, isOwn, actionsSlot, onReviewPosted }: Omit<ProfileDialogProps, 'profile' | 'onClose'> & { profile: DialogProfile }) {
  const [reviewing, setReviewing] = useState(false);
  const rating = ratingOf(profile);
  const showProfessional = isOwn || profile.professionalInfoIsPublic;
  const showContact = isOwn || profile.contactInfoIsPublic;
  const skills = showProfessional ? (profile.userSkills ?? []) : [];
  const certifications = showProfessional ? (profile.certifications ?? []) : [];
  const hasContact = showContact && (profile.phone || profile.user.email || profile.website || profile.businessHours);
  return (
    <div className="grid gap-4">
      <header className="flex items-start gap-3">
        <Avatar imageUrl={profile.user.profileImageUrl} fallback={initialOf(profile.user.firstName ?? fullName(profile.user))} className="h-14 w-14 text-lg" />
        <div className="min-w-0">
          <p className="text-sm text-slate-700">{titleOf(profile)}</p>
          {rating > 0 ? (
            <p className="flex items-center gap-1 text-sm text-slate-800" data-testid="dialog-rating">
              <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden="true" /> {formatRating(rating)} ({plural(profile.reviewCount, 'review')})
            </p>
          ) : null}
          {profile.address ? <p className="text-sm text-slate-600">{profile.address}</p> : null}
        </div>
      </header>
      {!isOwn ? (
        <div className="flex flex-wrap gap-2" data-testid="profile-actions">
          {actionsSlot}
          <Button variant="outline" size="sm" onClick={() => setReviewing((v) => !v)} aria-expanded={reviewing}>
            Write Review
          </Button>
        </div>
      ) : null}
      {reviewing && !isOwn ? (
        <ReviewForm
          revieweeId={profile.userId}
          onCancel={() => setReviewing(false)}
          onPosted={() => {
            setReviewing(false);
            onReviewPosted?.();
          }}
        />
      ) : null}
      {profile.bio ? (
        <Section title="About">
          <p className="text-sm whitespace-pre-line text-slate-800">{profile.bio}</p>
        </Section>
      ) : null}
      {skills.length > 0 ? (
        <Section title="Skills & Services">
          <ul className="flex flex-wrap gap-1.5 text-sm">
            {skills.map((s) => (
              <li key={s.skill.name} className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-800">
                {s.skill.name} {s.yearsExperience != null ? <span className="text-slate-600">({s.yearsExperience}y exp)</span> : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {certifications.length > 0 ? (
        <Section title="Certifications & Credentials">
          <ul className="grid gap-1 text-sm text-slate-800">
            {certifications.map((c) => (
              <li key={c.id}>
                <span className="font-medium">{c.name}</span>
                {c.issuer ? <span className="text-slate-600"> · {c.issuer}</span> : null}
                {c.licenseNumber ? <span className="text-slate-600"> · License #{c.licenseNumber}</span> : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <DiyContentList userId={profile.userId} />
      {hasContact ? (
        <Section title="Contact Information">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-800">
            {profile.phone ? (
              <>
                <dt className="text-slate-600">Phone</dt>
                <dd>{profile.phone}</dd>
              </>
            ) : null}
            {profile.user.email ? (
              <>
                <dt className="text-slate-600">Email</dt>
                <dd>{profile.user.email}</dd>
              </>
            ) : null}
            {profile.website ? (
              <>
                <dt className="text-slate-600">Website</dt>
                <dd>
                  <a href={profile.website} target="_blank" rel="noreferrer noopener" className="text-blue-800 underline">
                    {profile.website}
                  </a>
                </dd>
              </>
            ) : null}
            {profile.businessHours ? (
              <>
                <dt className="text-slate-600">Hours</dt>
                <dd>{profile.businessHours}</dd>
              </>
            ) : null}
          </dl>
        </Section>
      ) : null}
      <Section title="Recent Reviews">
        <Reviews userId={profile.userId} />
      </Section>
    </div>
  );
}

/** Spec 01 §2, the profile detail dialog. */
export function ProfileDialog({ profile, onClose, ...rest }: ProfileDialogProps) {
  return (
    <Dialog
      open={profile !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={profile ? fullName(profile.user) : ''}
      description={profile ? `Profile of ${fullName(profile.user)}` : 'Profile'}
      hideDescription
      // Opens on the member's name rather than the first action, so Enter cannot send a message unasked.
      focusTitleOnOpen
      className="max-w-2xl"
    >
      {profile ? <ProfileDetails profile={profile} {...rest} /> : null}
    </Dialog>
  );
}
