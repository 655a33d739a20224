import { Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar, initialOf } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { MAX_SKILLS_SHOWN } from '../../../config/constants';
import { cn } from '../../../lib/cn';
import { plural } from '../../../lib/plural';
import type { Profile } from '../api/types';
import { formatRating, fullName, ratingOf } from '../../../lib/profile-display';
import { tintOf, titleOf } from '../utils/profile-view';

const TINTS = {
  nonprofit: 'border-teal-200 bg-teal-50',
  candidate: 'border-orange-200 bg-orange-50',
  default: 'border-slate-200 bg-white',
} as const;

export interface ProfileCardProps {
  profile: Profile;
  selected: boolean;
  onSelect: (profile: Profile) => void;
  /** The connect icon button, composed in by the route (hidden on one's own profile). */
  connectSlot?: ReactNode;
}

/** Spec 01 §2, profile card. The whole card selects the profile; the name is its keyboard target. */
export function ProfileCard({ profile, selected, onSelect, connectSlot }: ProfileCardProps) {
  const name = fullName(profile.user);
  const rating = ratingOf(profile);
  const skills = (profile.userSkills ?? []).slice(0, MAX_SKILLS_SHOWN);
  return (
    <article
      className={cn('relative cursor-pointer rounded-lg border p-3 transition-shadow hover:shadow-md', TINTS[tintOf(profile)], selected && 'ring-2 ring-blue-600')}
      onClick={() => onSelect(profile)}
      data-testid="profile-card"
      data-profile-user={profile.userId}
    >
      <div className="flex items-start gap-3">
        <Avatar imageUrl={profile.user.profileImageUrl} fallback={initialOf(profile.user.firstName ?? name)} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold text-slate-900">
            <button type="button" className="text-left hover:underline focus-visible:outline-2 focus-visible:outline-blue-600" onClick={(e) => (e.stopPropagation(), onSelect(profile))}>
              {name}
            </button>
          </h3>
          <p className="truncate text-xs text-slate-700">{titleOf(profile)}</p>
          {rating > 0 ? (
            <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-800" data-testid="card-rating">
              <Star className="h-3.5 w-3.5 fill-amber-400 text-amber-500" aria-hidden="true" />
              {formatRating(rating)} <span className="text-slate-600">({plural(profile.reviewCount, 'review')})</span>
            </p>
          ) : null}
        </div>
        {connectSlot ? (
          <div onClick={(e) => e.stopPropagation()} className="shrink-0">
            {connectSlot}
          </div>
        ) : null}
      </div>
      <div className="mt-2 flex flex-wrap gap-1">
        {skills.map((s) => (
          <Badge key={s.skill.name}>{s.skill.name}</Badge>
        ))}
        {profile.isNonProfit ? <Badge className="bg-teal-100 text-teal-900">Non-Profit</Badge> : null}
        {profile.isPoliticalCandidate ? <Badge className="bg-orange-100 text-orange-900">Political</Badge> : null}
      </div>
      {profile.bio ? <p className="mt-2 line-clamp-2 text-xs text-slate-700">{profile.bio}</p> : null}
      {/* Spec 01 §2: else 'DIY Training Available' when a skill test holds; that test never holds. */}
      {profile.address ? <p className="mt-1 truncate text-xs text-slate-600">{profile.address}</p> : null}
    </article>
  );
}
