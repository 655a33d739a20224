import type { Profile, ProfileFormFields, ProfileInput } from '@freemarket/contracts';
import { BUSINESS_VALUES, LOOKING_FOR, NONPROFIT_VALUES, PAYMENT_FORMS, PRIVACY_FLAGS, type PrivacyFlag } from '@freemarket/contracts/constants';

/** The text fields of the profile form (spec 02 §3 'Text'). */
export const PROFILE_TEXT_FIELDS = [
  'title',
  'bio',
  'phone',
  'website',
  'businessHours',
  'address',
  'experience',
  'passions',
  'causes',
  'favoriteLocalBusinesses',
  'favoriteBooks',
  'campaignPlatform',
  'donorInformation',
  'businessName',
  'licenseNumber',
  'insuranceInfo',
  'serviceArea',
  'values',
] as const;
export type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];

/** Every yes/no field of the form: type, open-to, offering, hardship and privacy flags. */
export const PROFILE_FLAG_FIELDS = [
  'isServiceProvider',
  'isNonProfit',
  'isPoliticalCandidate',
  'isCommunityMember',
  'openToEmployment',
  'openToApprenticeship',
  'openToMentoring',
  'openToVolunteering',
  'openToRunningForOffice',
  'openToCollaborating',
  'openToRideshare',
  'openToTeachingTutoring',
  'openToBabysitting',
  'sellsProducts',
  'providesService',
  'hasPropertyForRent',
  'hasPropertyForSale',
  'lookingForCampaignHelp',
  'medicalHardship',
  'financialHardship',
  'mentalHealthHardship',
  'faithHardship',
  ...PRIVACY_FLAGS,
] as const;
export type ProfileFlagField = (typeof PROFILE_FLAG_FIELDS)[number];

/** The lists chosen from the fixed values of spec 02 §9. */
export const PROFILE_LISTS = { paymentMethodsAccepted: PAYMENT_FORMS, lookingFor: LOOKING_FOR, businessValues: BUSINESS_VALUES, nonprofitValues: NONPROFIT_VALUES } as const;
export type ProfileListField = keyof typeof PROFILE_LISTS;

/** The stored values a list still allows (a value dropped from §9 is not offered again). */
function known<T extends string>(values: readonly string[] | undefined, allowed: readonly T[]): T[] {
  return (values ?? []).filter((v): v is T => (allowed as readonly string[]).includes(v));
}

/** The whole numbers of the form, read by `readWholeNumber` when it is checked (0 when empty, spec 02 §5). */
export const PROFILE_WHOLE_NUMBER_FIELDS = ['yearsInBusiness', 'employeeCount'] as const;
export type ProfileWholeNumberField = (typeof PROFILE_WHOLE_NUMBER_FIELDS)[number];

/** What the form holds: the contract's input side (text as typed, coordinates as text), whole numbers as typed too. */
export type ProfileFormValues = Omit<ProfileFormFields, ProfileWholeNumberField> & Partial<Record<ProfileWholeNumberField, string>>;

const isPrivacyFlag = (field: string): field is PrivacyFlag => (PRIVACY_FLAGS as readonly string[]).includes(field);

/** The form's values for a profile, or for a new one (privacy flags default to public, spec 02 §9). */
export function toFormValues(profile: Profile | null): ProfileFormValues {
  const values: ProfileFormValues = {};
  for (const field of PROFILE_TEXT_FIELDS) values[field] = profile?.[field] ?? '';
  for (const field of PROFILE_FLAG_FIELDS) values[field] = profile?.[field] ?? isPrivacyFlag(field);
  values.paymentMethodsAccepted = known(profile?.paymentMethodsAccepted, PAYMENT_FORMS);
  values.lookingFor = known(profile?.lookingFor, LOOKING_FOR);
  values.businessValues = known(profile?.businessValues, BUSINESS_VALUES);
  values.nonprofitValues = known(profile?.nonprofitValues, NONPROFIT_VALUES);
  values.latitude = profile?.latitude ?? '';
  values.longitude = profile?.longitude ?? '';
  for (const field of PROFILE_WHOLE_NUMBER_FIELDS) values[field] = String(profile?.[field] ?? 0);
  return values;
}

/**
 * The request body for the validated form. Text is trimmed and an empty field cleared; empty
 * coordinates are sent as absent (spec 02 §5), or as null to clear a place the profile had.
 */
export function toProfileInput(values: ProfileInput, hadPlace: boolean): ProfileInput {
  const input: ProfileInput = { ...values };
  for (const field of PROFILE_TEXT_FIELDS) {
    const value = input[field];
    if (typeof value === 'string') input[field] = value.trim() || null;
  }
  if (input.latitude === null || input.latitude === undefined || input.longitude === null || input.longitude === undefined) {
    if (hadPlace) {
      input.latitude = null;
      input.longitude = null;
    } else {
      delete input.latitude;
      delete input.longitude;
    }
  }
  return input;
}
