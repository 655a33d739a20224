import { fullName } from '../../../lib/profile-display';
import { BusinessReferralForm } from './business-referral-form';
import { ExpensesSection } from './expenses-section';
import { FavoriteBusinesses } from './favorite-businesses';
import { PrivacySwitch, ProfileTextInput } from './form-fields';
import { Hardships } from './hardships';
import { isHiddenFrom } from './privacy';
import { PrivateNotice, Section, type ProfileSectionProps } from './section';

/** Spec 02 §2, the Personal tab. */
export function PersonalTab(props: ProfileSectionProps) {
  const { profile, isOwn, editing, userId, viewer, slots } = props;
  const user = profile?.user ?? (isOwn ? viewer : null);
  const name = user ? fullName(user) : 'Member';
  return (
    <div className="grid gap-4">
      <Section title="Personal">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-xl font-semibold text-slate-900" data-testid="profile-name">
              {name}
            </p>
            {user?.email ? <p className="text-sm text-slate-700">{user.email}</p> : null}
          </div>
          {!isOwn && profile ? (
            <div className="flex flex-wrap gap-2">{slots.paymentActions({ userId, name, isPoliticalCandidate: profile.isPoliticalCandidate })}</div>
          ) : null}
        </div>
      </Section>
      <Section title="Personal Interests" action={<PrivacySwitch flag="personalInterestsIsPublic" section="Personal interests" editing={editing} />}>
        {isHiddenFrom(profile, 'personalInterestsIsPublic', isOwn) ? (
          <PrivateNotice what="Personal interests" />
        ) : (
          <div className="grid gap-3">
            <ProfileTextInput name="passions" label="Passions" editing={editing} multiline />
            <ProfileTextInput name="causes" label="Causes" editing={editing} multiline />
          </div>
        )}
      </Section>
      <FavoriteBusinesses {...props} />
      <Section title="Favorite Books">
        {isHiddenFrom(profile, 'personalInterestsIsPublic', isOwn) ? <PrivateNotice what="Favorite books" /> : <ProfileTextInput name="favoriteBooks" label="Favorite books" editing={editing} multiline />}
      </Section>
      {isOwn ? <ExpensesSection {...props} /> : null}
      <Section title="Current Hardships" action={<PrivacySwitch flag="hardshipsIsPublic" section="Hardships" editing={editing} />}>
        {isHiddenFrom(profile, 'hardshipsIsPublic', isOwn) ? <PrivateNotice what="Hardships" /> : <Hardships editing={editing} />}
      </Section>
      <BusinessReferralForm {...props} />
    </div>
  );
}
