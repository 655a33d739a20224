import { useWatch } from 'react-hook-form';
import { fullName } from '../../../lib/profile-display';
import type { ProfileFormValues } from '../utils/profile-form';
import { PrivacySwitch, ProfileCheckbox, ProfileTextInput } from './form-fields';
import { isHiddenFrom } from './privacy';
import { ProposedLegislation } from './proposed-legislation';
import { PrivateNotice, Section, type ProfileSectionProps } from './section';

export const NOT_A_CANDIDATE = 'Political features are only available for profiles of the Political Candidate type.';

/** Spec 02 §2, the Political tab: only for political candidates; Donate on other members' profiles. */
export function PoliticalTab(props: ProfileSectionProps) {
  const { profile, isOwn, editing, userId, slots } = props;
  const isCandidate = useWatch<ProfileFormValues, 'isPoliticalCandidate'>({ name: 'isPoliticalCandidate' });
  if (!isCandidate) {
    return (
      <Section title="Political">
        <p className="text-sm text-slate-700" data-testid="not-a-candidate">
          {NOT_A_CANDIDATE}
        </p>
      </Section>
    );
  }
  const hidden = isHiddenFrom(profile, 'politicalInfoIsPublic', isOwn);
  return (
    <div className="grid gap-4">
      <Section title="Campaign" action={<PrivacySwitch flag="politicalInfoIsPublic" section="Political information" editing={editing} />}>
        {!isOwn && profile ? (
          <div className="mb-3 flex gap-2">{slots.donateAction({ userId, name: fullName(profile.user) })}</div>
        ) : null}
        {hidden ? (
          <PrivateNotice what="Campaign details" />
        ) : (
          <div className="grid gap-3">
            <ProfileTextInput name="campaignPlatform" label="Campaign platform" editing={editing} multiline />
            <ProfileCheckbox name="lookingForCampaignHelp" label="Looking for campaign help" editing={editing} />
            <ProfileTextInput name="donorInformation" label="Donor information" editing={editing} multiline />
          </div>
        )}
      </Section>
      {hidden ? null : <ProposedLegislation {...props} />}
    </div>
  );
}
