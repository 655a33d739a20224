import { z } from 'zod';
import { userSummarySchema } from '../users.js';
import { BUSINESS_VALUES, LOOKING_FOR, NONPROFIT_VALUES, PAYMENT_FORMS, PROFILE_TEXT_MAX, type PrivacyFlag } from './constants.js';
import { coordinateInput, httpUrl, memberId } from './primitives.js';

/** A skill of a profile, with its skill and category (spec 01 §3 `userSkills`). */
export const userSkillSchema = z.object({
  id: z.uuid(),
  profileId: z.uuid(),
  skillId: z.uuid(),
  yearsExperience: z.number().int().nullable(),
  hourlyRate: z.string().nullable(),
  skill: z.object({
    id: z.uuid(),
    name: z.string(),
    categoryId: z.uuid(),
    category: z.object({ id: z.uuid(), name: z.string() }),
  }),
});
export type UserSkill = z.infer<typeof userSkillSchema>;

/** A certification or licence of a profile (spec 01 §3 `certifications`). */
export const certificationSchema = z.object({
  id: z.uuid(),
  profileId: z.uuid(),
  name: z.string(),
  issuer: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  issueDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
});
export type Certification = z.infer<typeof certificationSchema>;

const text = (max: number) => z.string().max(max).nullable().optional();
const flag = z.boolean().optional();
const optionalInt = (max: number) => z.number().int().min(0).max(max).nullable().optional();
/** A list chosen from fixed values; repeats are dropped. */
const choices = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values))
    .max(values.length * 2)
    .transform((list) => [...new Set(list)])
    .optional();
/** The form sends '' for an empty field: stored as null. Any other value answers to the field's own check, with its reason. */
const emptyAsNull = <T extends z.ZodType>(schema: T) =>
  z
    .union([schema, z.literal('').transform(() => null)], { error: (issue) => (issue.code === 'invalid_union' ? issue.errors[0]?.[0]?.message : undefined) })
    .nullable()
    .optional();

/** The fields a member writes (spec 02 §3 profiles); everything is optional and absent means unchanged. */
const profileFields = {
  title: text(PROFILE_TEXT_MAX.title),
  bio: text(PROFILE_TEXT_MAX.bio),
  phone: text(PROFILE_TEXT_MAX.phone),
  website: emptyAsNull(httpUrl),
  businessHours: text(PROFILE_TEXT_MAX.businessHours),
  address: text(PROFILE_TEXT_MAX.address),
  latitude: emptyAsNull(coordinateInput(90)),
  longitude: emptyAsNull(coordinateInput(180)),
  isServiceProvider: flag,
  isNonProfit: flag,
  isPoliticalCandidate: flag,
  isCommunityMember: flag,
  experience: text(PROFILE_TEXT_MAX.experience),
  passions: text(PROFILE_TEXT_MAX.passions),
  causes: text(PROFILE_TEXT_MAX.causes),
  favoriteLocalBusinesses: text(PROFILE_TEXT_MAX.favoriteLocalBusinesses),
  favoriteBooks: text(PROFILE_TEXT_MAX.favoriteBooks),
  openToEmployment: flag,
  openToApprenticeship: flag,
  openToMentoring: flag,
  openToVolunteering: flag,
  openToRunningForOffice: flag,
  openToCollaborating: flag,
  openToRideshare: flag,
  openToTeachingTutoring: flag,
  openToBabysitting: flag,
  sellsProducts: flag,
  providesService: flag,
  hasPropertyForRent: flag,
  hasPropertyForSale: flag,
  lookingForCampaignHelp: flag,
  medicalHardship: flag,
  financialHardship: flag,
  mentalHealthHardship: flag,
  faithHardship: flag,
  contactInfoIsPublic: flag,
  personalInterestsIsPublic: flag,
  hardshipsIsPublic: flag,
  professionalInfoIsPublic: flag,
  opportunitiesIsPublic: flag,
  testimonialsIsPublic: flag,
  itemsForSaleIsPublic: flag,
  eventsIsPublic: flag,
  politicalInfoIsPublic: flag,
  businessInfoIsPublic: flag,
  campaignPlatform: text(PROFILE_TEXT_MAX.campaignPlatform),
  donorInformation: text(PROFILE_TEXT_MAX.donorInformation),
  businessName: text(PROFILE_TEXT_MAX.businessName),
  yearsInBusiness: optionalInt(1000),
  licenseNumber: text(PROFILE_TEXT_MAX.licenseNumber),
  insuranceInfo: text(PROFILE_TEXT_MAX.insuranceInfo),
  paymentMethodsAccepted: choices(PAYMENT_FORMS),
  serviceArea: text(PROFILE_TEXT_MAX.serviceArea),
  employeeCount: optionalInt(10_000_000),
  lookingFor: choices(LOOKING_FOR),
  businessValues: choices(BUSINESS_VALUES),
  nonprofitValues: choices(NONPROFIT_VALUES),
  values: text(PROFILE_TEXT_MAX.values),
};

/**
 * `POST /api/profiles` and `PUT /api/profiles/{id}`: the profile form's fields. Unknown fields
 * (id, userId, averageRating, user, …, which the client may echo back) are ignored.
 */
export const profileInputSchema = z.object(profileFields).superRefine((p, ctx) => {
  // A place is both coordinates or neither: one alone would put the profile nowhere on the map.
  if ((p.latitude === undefined) !== (p.longitude === undefined)) {
    ctx.addIssue({ code: 'custom', path: [p.latitude === undefined ? 'latitude' : 'longitude'], message: 'latitude and longitude are sent together' });
  } else if ((p.latitude === null) !== (p.longitude === null)) {
    ctx.addIssue({ code: 'custom', path: [p.latitude === null ? 'latitude' : 'longitude'], message: 'latitude and longitude are both set or both empty' });
  }
});
export type ProfileInput = z.infer<typeof profileInputSchema>;
/** What a profile form holds before validation (the schema's input side). */
export type ProfileFormFields = z.input<typeof profileInputSchema>;

const bool = z.boolean();
const str = z.string().nullable();

/**
 * A profile as a viewer receives it. Fields of a private section are absent for everyone but the
 * owner (see `PRIVACY_SECTION_FIELDS`); the ten flags themselves are always present.
 */
export const profileSchema = z.object({
  id: z.uuid(),
  userId: memberId,
  user: userSummarySchema,
  title: str,
  bio: str,
  latitude: str,
  longitude: str,
  averageRating: z.string(),
  reviewCount: z.number().int(),
  isServiceProvider: bool,
  isNonProfit: bool,
  isPoliticalCandidate: bool,
  isCommunityMember: bool,
  contactInfoIsPublic: bool,
  personalInterestsIsPublic: bool,
  hardshipsIsPublic: bool,
  professionalInfoIsPublic: bool,
  opportunitiesIsPublic: bool,
  testimonialsIsPublic: bool,
  itemsForSaleIsPublic: bool,
  eventsIsPublic: bool,
  politicalInfoIsPublic: bool,
  businessInfoIsPublic: bool,
  createdAt: z.string(),
  updatedAt: z.string(),
  // contact info
  phone: str.optional(),
  website: str.optional(),
  businessHours: str.optional(),
  address: str.optional(),
  // personal interests
  passions: str.optional(),
  causes: str.optional(),
  favoriteLocalBusinesses: str.optional(),
  favoriteBooks: str.optional(),
  // hardships
  medicalHardship: bool.optional(),
  financialHardship: bool.optional(),
  mentalHealthHardship: bool.optional(),
  faithHardship: bool.optional(),
  // professional info
  experience: str.optional(),
  userSkills: z.array(userSkillSchema).optional(),
  certifications: z.array(certificationSchema).optional(),
  // opportunities
  openToEmployment: bool.optional(),
  openToApprenticeship: bool.optional(),
  openToMentoring: bool.optional(),
  openToVolunteering: bool.optional(),
  openToRunningForOffice: bool.optional(),
  openToCollaborating: bool.optional(),
  openToRideshare: bool.optional(),
  openToTeachingTutoring: bool.optional(),
  openToBabysitting: bool.optional(),
  // items for sale
  sellsProducts: bool.optional(),
  hasPropertyForRent: bool.optional(),
  hasPropertyForSale: bool.optional(),
  // political info
  campaignPlatform: str.optional(),
  donorInformation: str.optional(),
  lookingForCampaignHelp: bool.optional(),
  // business info
  businessName: str.optional(),
  yearsInBusiness: z.number().int().nullable().optional(),
  licenseNumber: str.optional(),
  insuranceInfo: str.optional(),
  paymentMethodsAccepted: z.array(z.string()).optional(),
  serviceArea: str.optional(),
  employeeCount: z.number().int().nullable().optional(),
  lookingFor: z.array(z.string()).optional(),
  businessValues: z.array(z.string()).optional(),
  nonprofitValues: z.array(z.string()).optional(),
  values: str.optional(),
  providesService: bool.optional(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * Which profile fields each privacy flag hides from viewers other than the owner. Testimonials,
 * items for sale and events are lists served by their own endpoints (and services), which apply
 * the same flags; the contact flag also hides `user.email`.
 */
export const PRIVACY_SECTION_FIELDS = {
  contactInfoIsPublic: ['phone', 'website', 'businessHours', 'address'],
  personalInterestsIsPublic: ['passions', 'causes', 'favoriteLocalBusinesses', 'favoriteBooks'],
  hardshipsIsPublic: ['medicalHardship', 'financialHardship', 'mentalHealthHardship', 'faithHardship'],
  professionalInfoIsPublic: ['experience', 'userSkills', 'certifications'],
  opportunitiesIsPublic: [
    'openToEmployment',
    'openToApprenticeship',
    'openToMentoring',
    'openToVolunteering',
    'openToRunningForOffice',
    'openToCollaborating',
    'openToRideshare',
    'openToTeachingTutoring',
    'openToBabysitting',
  ],
  testimonialsIsPublic: [],
  itemsForSaleIsPublic: ['sellsProducts', 'hasPropertyForRent', 'hasPropertyForSale'],
  eventsIsPublic: [],
  politicalInfoIsPublic: ['campaignPlatform', 'donorInformation', 'lookingForCampaignHelp'],
  businessInfoIsPublic: [
    'businessName',
    'yearsInBusiness',
    'licenseNumber',
    'insuranceInfo',
    'paymentMethodsAccepted',
    'serviceArea',
    'employeeCount',
    'lookingFor',
    'businessValues',
    'nonprofitValues',
    'values',
    'providesService',
  ],
} as const satisfies Record<PrivacyFlag, readonly (keyof Profile)[]>;

