import { BUSINESS_VALUES, LOOKING_FOR, NONPROFIT_VALUES, PAYMENT_FORMS } from '@freemarket/contracts/constants';
import { useWatch } from 'react-hook-form';
import type { ProfileFormValues } from '../utils/profile-form';
import { PhoneField, WebsiteField } from './contact-links';
import { PrivacySwitch, ProfileCheckbox, ProfileChoiceList, ProfileNumberInput, ProfileTextInput } from './form-fields';
import { LocationFields } from './location-fields';
import { isHiddenFrom } from './privacy';
import { ProfileSummary } from './profile-summary';
import { PrivateNotice, Section, type ProfileSectionProps } from './section';

const PROFILE_TYPES = [
  ['isServiceProvider', 'Service Provider'],
  ['isNonProfit', 'Non-Profit'],
  ['isPoliticalCandidate', 'Political Candidate'],
  ['isCommunityMember', 'Community Member'],
] as const;

const OPEN_TO = [
  ['openToEmployment', 'Employment'],
  ['openToApprenticeship', 'Apprenticeship'],
  ['openToMentoring', 'Mentoring'],
  ['openToVolunteering', 'Volunteering'],
  ['openToRunningForOffice', 'Running for office'],
  ['openToCollaborating', 'Collaborating'],
  ['openToRideshare', 'Rideshare'],
  ['openToTeachingTutoring', 'Teaching or tutoring'],
  ['openToBabysitting', 'Babysitting'],
] as const;

const OFFERINGS = [
  ['providesService', 'Provides a service'],
  ['sellsProducts', 'Sells products'],
  ['hasPropertyForRent', 'Has property for rent'],
  ['hasPropertyForSale', 'Has property for sale'],
] as const;

interface FlagGroupProps {
  flags: ReadonlyArray<readonly [keyof ProfileFormValues & string, string]>;
  editing: boolean;
  none: string;
  /** In edit mode, who sees the checked ones: said under the checkboxes and read with them. */
  visibility?: { id: string; label: string; text: string };
}

const OFFERINGS_VISIBILITY = {
  id: 'offerings-visibility',
  label: 'Services and offerings',
  text: 'Other members see these while Items for sale (its switch is on the Shop tab) and Business information are public.',
};

/** Checkboxes in edit mode; the checked labels as a line (or `none`) in view mode. */
function FlagGroup({ flags, editing, none, visibility }: FlagGroupProps) {
  const values = useWatch<ProfileFormValues>({ name: flags.map(([name]) => name) as Array<keyof ProfileFormValues> });
  if (editing) {
    return (
      <div className="grid gap-2">
        <div className="grid gap-2 sm:grid-cols-2" role={visibility ? 'group' : undefined} aria-label={visibility?.label} aria-describedby={visibility?.id}>
          {flags.map(([name, label]) => (
            <ProfileCheckbox key={name} name={name as Parameters<typeof ProfileCheckbox>[0]['name']} label={label} editing />
          ))}
        </div>
        {visibility ? (
          <p id={visibility.id} className="text-sm text-slate-600">
            {visibility.text}
          </p>
        ) : null}
      </div>
    );
  }
  const on = flags.filter((_, i) => values[i] === true).map(([, label]) => label);
  return <p className="text-sm text-slate-800">{on.length ? on.join(', ') : none}</p>;
}

/** Spec 02 §2, the Vocation tab: the profile's working life, with the summary beside it. */
export function VocationTab(props: ProfileSectionProps) {
  const { profile, isOwn, editing } = props;
  const [isServiceProvider, isNonProfit] = useWatch<ProfileFormValues, ['isServiceProvider', 'isNonProfit']>({ name: ['isServiceProvider', 'isNonProfit'] });
  const hidden = (flag: Parameters<typeof isHiddenFrom>[1]) => isHiddenFrom(profile, flag, isOwn);
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
      <div className="grid content-start gap-4">
        <Section title="Basic Information" action={<PrivacySwitch flag="professionalInfoIsPublic" section="Experience, skills and credentials" editing={editing} />}>
          <div className="grid gap-3">
            <ProfileTextInput name="title" label="Title" editing={editing} />
            <ProfileTextInput name="bio" label="Bio" editing={editing} multiline />
            {hidden('professionalInfoIsPublic') ? <PrivateNotice what="Experience and credentials" /> : <ProfileTextInput name="experience" label="Experience" editing={editing} multiline />}
          </div>
        </Section>
        <Section title="Contact Information" action={<PrivacySwitch flag="contactInfoIsPublic" section="Contact information" editing={editing} />}>
          {hidden('contactInfoIsPublic') ? (
            <PrivateNotice what="Contact details" />
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              <PhoneField editing={editing} />
              <WebsiteField editing={editing} />
              <ProfileTextInput name="businessHours" label="Business hours" editing={editing} />
              <ProfileTextInput name="address" label="Address" editing={editing} />
            </div>
          )}
        </Section>
        <Section title="Location">
          <LocationFields editing={editing} isOwn={isOwn} />
        </Section>
        <Section title="Profile Type">
          <FlagGroup flags={PROFILE_TYPES} editing={editing} none="No profile type chosen." />
        </Section>
        <Section title="Open to Opportunities" action={<PrivacySwitch flag="opportunitiesIsPublic" section="Opportunities" editing={editing} />}>
          {hidden('opportunitiesIsPublic') ? <PrivateNotice what="Opportunities" /> : <FlagGroup flags={OPEN_TO} editing={editing} none="Not open to any opportunity yet." />}
        </Section>
        {/* Items for sale is one setting with one switch, on the Shop tab: it covers these offerings too. */}
        <Section title="Services and Offerings">
          {hidden('itemsForSaleIsPublic') || hidden('businessInfoIsPublic') ? (
            <PrivateNotice what="Offerings" />
          ) : (
            <FlagGroup flags={OFFERINGS} editing={editing} none="No offerings listed." visibility={OFFERINGS_VISIBILITY} />
          )}
        </Section>
        <Section title="Payment Forms Accepted" action={<PrivacySwitch flag="businessInfoIsPublic" section="Business information" editing={editing} />}>
          {hidden('businessInfoIsPublic') ? <PrivateNotice what="Payment forms" /> : <ProfileChoiceList name="paymentMethodsAccepted" legend="Accepted payment forms" options={PAYMENT_FORMS} editing={editing} />}
        </Section>
        {isServiceProvider ? (
          <Section title="Business Information" testId="business-information">
            {hidden('businessInfoIsPublic') ? (
              <PrivateNotice what="Business details" />
            ) : (
              <div className="grid gap-3">
                <div className="grid gap-3 sm:grid-cols-2">
                  <ProfileTextInput name="businessName" label="Business name" editing={editing} />
                  <ProfileTextInput name="serviceArea" label="Service area" editing={editing} />
                  <ProfileNumberInput name="yearsInBusiness" label="Years in business" editing={editing} />
                  <ProfileNumberInput name="employeeCount" label="Employees" editing={editing} />
                  <ProfileTextInput name="licenseNumber" label="License number" editing={editing} />
                  <ProfileTextInput name="insuranceInfo" label="Insurance" editing={editing} />
                </div>
                <ProfileChoiceList name="lookingFor" legend="Looking for" options={LOOKING_FOR} editing={editing} />
                <ProfileChoiceList name="businessValues" legend="Business values" options={BUSINESS_VALUES} editing={editing} />
              </div>
            )}
          </Section>
        ) : null}
        {isNonProfit && !isServiceProvider ? (
          <Section title="Non-Profit Values" testId="nonprofit-values">
            {hidden('businessInfoIsPublic') ? (
              <PrivateNotice what="Non-profit values" />
            ) : (
              <div className="grid gap-3">
                <ProfileChoiceList name="nonprofitValues" legend="Focus areas" options={NONPROFIT_VALUES} editing={editing} />
                <ProfileTextInput name="values" label="Our values" editing={editing} multiline />
              </div>
            )}
          </Section>
        ) : null}
      </div>
      <aside className="grid content-start gap-4" aria-label="Profile summary">
        <ProfileSummary {...props} />
      </aside>
    </div>
  );
}
