import type { Certification, UserSkill } from '@freemarket/contracts';
import { Plus, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Avatar, initialOf } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useRemoveCertification } from '../api/remove-certification';
import { useRemoveUserSkill } from '../api/remove-user-skill';
import { formatRating, fullName, ratingOf } from '../../../lib/profile-display';
import { formatMoney } from '../../../lib/money';
import { plural } from '../../../lib/plural';
import { isHiddenFrom } from './privacy';
import { CertificationForm, SkillForm } from './summary-forms';
import { PrivateNotice, Section, type ProfileSectionProps } from './section';

function yearsText(years: number): string {
  return years === 1 ? '1 year' : `${years} years`;
}

function SkillRow({ skill, canEdit }: { skill: UserSkill; canEdit: boolean }) {
  const remove = useRemoveUserSkill();
  const details = [skill.yearsExperience != null ? yearsText(skill.yearsExperience) : null, skill.hourlyRate != null ? `${formatMoney(skill.hourlyRate)}/hr` : null].filter(Boolean);
  return (
    <li className="flex items-start justify-between gap-2" data-testid="profile-skill">
      <div className="min-w-0">
        <p className="font-medium wrap-anywhere text-slate-900">{skill.skill.name}</p>
        {details.length ? <p className="text-sm text-slate-600">{details.join(' · ')}</p> : null}
      </div>
      {canEdit ? (
        <Button size="icon" variant="ghost" className="h-8 w-8 shrink-0" disabled={remove.isPending} onClick={() => remove.mutate(skill.id)} aria-label={`Remove ${skill.skill.name}`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}

function CertificationRow({ certification, canEdit }: { certification: Certification; canEdit: boolean }) {
  const remove = useRemoveCertification();
  const details = [certification.issuer, certification.licenseNumber ? `License #${certification.licenseNumber}` : null].filter(Boolean);
  return (
    <li className="flex items-start justify-between gap-2" data-testid="profile-certification">
      <div className="min-w-0">
        <p className="font-medium wrap-anywhere text-slate-900">{certification.name}</p>
        {details.length ? <p className="text-sm wrap-anywhere text-slate-600">{details.join(' · ')}</p> : null}
      </div>
      {canEdit ? (
        <Button
          size="icon"
          variant="ghost"
          className="h-8 w-8 shrink-0"
          disabled={remove.isPending}
          onClick={() => remove.mutate(certification.id)}
          aria-label={`Remove ${certification.name}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}

type Adding = 'skill' | 'certification' | null;

/** Spec 02 §2, the Vocation tab's side summary: who they are, their rating, skills and credentials. */
export function ProfileSummary({ profile, viewer, isOwn, editing }: ProfileSectionProps) {
  const [adding, setAdding] = useState<Adding>(null);
  const close = () => setAdding(null);
  const user = profile?.user ?? (isOwn ? viewer : null);
  const name = user ? fullName(user) : 'Member';
  const rating = profile ? ratingOf(profile) : 0;
  const reviews = profile?.reviewCount ?? 0;
  const hidden = isHiddenFrom(profile, 'professionalInfoIsPublic', isOwn);
  const canEdit = isOwn && editing;
  const skills = profile?.userSkills ?? [];
  const certifications = profile?.certifications ?? [];
  const profileId = profile?.id ?? null;

  return (
    <Section title="Summary" testId="profile-summary">
      <div className="grid gap-4">
        <div className="flex items-center gap-3">
          <Avatar imageUrl={user?.profileImageUrl} fallback={initialOf(user?.firstName ?? name)} label={`${name}'s photo`} className="h-16 w-16 text-2xl" />
          <div className="min-w-0">
            <p className="text-lg font-semibold wrap-anywhere text-slate-900">{name}</p>
            {profile?.title ? <p className="text-sm wrap-anywhere text-slate-700">{profile.title}</p> : null}
            <p className="flex items-center gap-1 text-sm text-slate-800" data-testid="summary-rating">
              <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden="true" />
              {reviews > 0 ? `${formatRating(rating)} (${plural(reviews, 'review')})` : 'No reviews yet'}
            </p>
          </div>
        </div>
        {hidden ? (
          <PrivateNotice what="Skills and credentials" />
        ) : (
          <>
            <div className="grid gap-2">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold text-slate-900">Skills</h3>
                {canEdit && profileId ? (
                  <Button size="sm" variant="outline" onClick={() => setAdding('skill')}>
                    <Plus className="h-4 w-4" aria-hidden="true" /> Add Skill
                  </Button>
                ) : null}
              </div>
              {skills.length ? (
                <ul className="grid gap-2" aria-label="Skills">
                  {skills.map((s) => (
                    <SkillRow key={s.id} skill={s} canEdit={canEdit} />
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-600">No skills listed yet.</p>
              )}
            </div>
            <div className="grid gap-2">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold text-slate-900">Credentials</h3>
                {canEdit && profileId ? (
                  <Button size="sm" variant="outline" onClick={() => setAdding('certification')}>
                    <Plus className="h-4 w-4" aria-hidden="true" /> Add Certification
                  </Button>
                ) : null}
              </div>
              {certifications.length ? (
                <ul className="grid gap-2" aria-label="Certifications">
                  {certifications.map((c) => (
                    <CertificationRow key={c.id} certification={c} canEdit={canEdit} />
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-600">No certifications listed yet.</p>
              )}
            </div>
            {/* Skills and certifications belong to a saved profile. */}
            {canEdit && !profileId ? <p className="text-sm text-slate-700">Save your profile first to add skills and certifications.</p> : null}
          </>
        )}
      </div>
      {profileId ? (
        <Dialog
          open={adding !== null}
          onOpenChange={(open) => (open ? undefined : close())}
          title={adding === 'certification' ? 'Add Certification' : 'Add Skill'}
          description={adding === 'certification' ? 'A certification or licence you hold.' : 'A skill you offer, with your experience and rate.'}
          hideDescription
        >
          {adding === 'certification' ? <CertificationForm profileId={profileId} onDone={close} /> : <SkillForm profileId={profileId} onDone={close} />}
        </Dialog>
      ) : null}
    </Section>
  );
}
