import type { Certification, UserSkill } from '@freemarket/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, json, numeric, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { directory, earth, timestampOptions, tsvector } from './directory.js';
import { allDocument, businessDocument, credentialsDocument, geoPoint, nameDocument, nameKey, skillsDocument, vocationDocument } from './search-documents.js';

/** A profile's place as a plane point (longitude, latitude): the map's view is a box in this plane. */
export const MAP_POINT = 'point("longitude"::float8, "latitude"::float8)';

/** The first two skills, as map markers show them. */
export type SkillSummary = { name: string; category: string }[];

const flag = (name: string) => boolean(name).notNull().default(false);
const visible = (name: string) => boolean(name).notNull().default(true);

/**
 * Profiles, one per member (spec 02 §3). Besides the spec's fields it keeps denormalised search
 * material (the member's name from the users projection; skill, category and certification text
 * from their tables, and those rows as search results show them) so search is one indexed table
 * scan and a result row needs no other table but the users projection.
 */
export const profiles = directory.table(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull().unique(),
    title: text('title'),
    bio: text('bio'),
    phone: text('phone'),
    website: text('website'),
    businessHours: text('business_hours'),
    latitude: numeric('latitude', { precision: 10, scale: 7 }),
    longitude: numeric('longitude', { precision: 10, scale: 7 }),
    address: text('address'),
    isServiceProvider: flag('is_service_provider'),
    isNonProfit: flag('is_non_profit'),
    isPoliticalCandidate: flag('is_political_candidate'),
    isCommunityMember: flag('is_community_member'),
    experience: text('experience'),
    passions: text('passions'),
    causes: text('causes'),
    favoriteLocalBusinesses: text('favorite_local_businesses'),
    favoriteBooks: text('favorite_books'),
    openToEmployment: flag('open_to_employment'),
    openToApprenticeship: flag('open_to_apprenticeship'),
    openToMentoring: flag('open_to_mentoring'),
    openToVolunteering: flag('open_to_volunteering'),
    openToRunningForOffice: flag('open_to_running_for_office'),
    openToCollaborating: flag('open_to_collaborating'),
    sellsProducts: flag('sells_products'),
    providesService: flag('provides_service'),
    hasPropertyForRent: flag('has_property_for_rent'),
    hasPropertyForSale: flag('has_property_for_sale'),
    openToRideshare: flag('open_to_rideshare'),
    openToTeachingTutoring: flag('open_to_teaching_tutoring'),
    openToBabysitting: flag('open_to_babysitting'),
    medicalHardship: flag('medical_hardship'),
    financialHardship: flag('financial_hardship'),
    mentalHealthHardship: flag('mental_health_hardship'),
    faithHardship: flag('faith_hardship'),
    contactInfoIsPublic: visible('contact_info_is_public'),
    personalInterestsIsPublic: visible('personal_interests_is_public'),
    hardshipsIsPublic: visible('hardships_is_public'),
    professionalInfoIsPublic: visible('professional_info_is_public'),
    opportunitiesIsPublic: visible('opportunities_is_public'),
    testimonialsIsPublic: visible('testimonials_is_public'),
    itemsForSaleIsPublic: visible('items_for_sale_is_public'),
    eventsIsPublic: visible('events_is_public'),
    politicalInfoIsPublic: visible('political_info_is_public'),
    businessInfoIsPublic: visible('business_info_is_public'),
    campaignPlatform: text('campaign_platform'),
    donorInformation: text('donor_information'),
    lookingForCampaignHelp: flag('looking_for_campaign_help'),
    businessName: text('business_name'),
    yearsInBusiness: integer('years_in_business'),
    licenseNumber: text('license_number'),
    insuranceInfo: text('insurance_info'),
    paymentMethodsAccepted: text('payment_methods_accepted').array().notNull().default([]),
    serviceArea: text('service_area'),
    employeeCount: integer('employee_count'),
    lookingFor: text('looking_for').array().notNull().default([]),
    businessValues: text('business_values').array().notNull().default([]),
    nonprofitValues: text('nonprofit_values').array().notNull().default([]),
    values: text('values'),
    averageRating: numeric('average_rating', { precision: 3, scale: 2 }).notNull().default('0'),
    reviewCount: integer('review_count').notNull().default(0),
    createdAt: timestamp('created_at', timestampOptions).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', timestampOptions).notNull().defaultNow(),
    // Denormalised search material, kept current by the services that change its sources.
    memberName: text('member_name'),
    skillText: text('skill_text').notNull().default(''),
    skillCategoryIds: uuid('skill_category_ids').array().notNull().default([]),
    // json, not jsonb: these are only ever embedded as they are in answers Postgres assembles.
    skillSummary: json('skill_summary').$type<SkillSummary>().notNull().default([]),
    certText: text('cert_text').notNull().default(''),
    /** The profile's user skills and certifications in the contract's shapes, so search results need no joins. */
    userSkillsJson: json('user_skills_json').$type<UserSkill[]>().notNull().default([]),
    certificationsJson: json('certifications_json').$type<Certification[]>().notNull().default([]),
    // Generated: never written by the application.
    nameKey: text('name_key').generatedAlwaysAs(nameKey),
    geo: earth('geo').generatedAlwaysAs(geoPoint),
    nameTsv: tsvector('name_tsv').notNull().generatedAlwaysAs(nameDocument),
    skillsTsv: tsvector('skills_tsv').notNull().generatedAlwaysAs(skillsDocument),
    credentialsTsv: tsvector('credentials_tsv').notNull().generatedAlwaysAs(credentialsDocument),
    businessTsv: tsvector('business_tsv').notNull().generatedAlwaysAs(businessDocument),
    vocationTsv: tsvector('vocation_tsv').notNull().generatedAlwaysAs(vocationDocument),
    allTsv: tsvector('all_tsv').notNull().generatedAlwaysAs(allDocument),
  },
  (t) => [
    index('profiles_geo_idx').using('gist', t.geo),
    // The map's single markers: those inside the view's bounds, nearest its centre first (map/repository.ts).
    index('profiles_map_point_idx').using('gist', sql.raw(MAP_POINT)),
    // The Skills tab nearest first: the scan tests each entry's word signature inside the index, so
    // only profiles that may hold the words are read (the tab's rule requires a skills document).
    index('profiles_geo_skills_idx').using('gist', t.geo, t.skillsTsv).where(sql.raw(`"skills_tsv" <> ''::tsvector`)),
    index('profiles_rating_idx').on(t.averageRating.desc(), t.id),
    index('profiles_name_idx').on(t.nameKey, t.id),
    index('profiles_name_tsv_idx').using('gin', t.nameTsv),
    index('profiles_skills_tsv_idx').using('gin', t.skillsTsv),
    index('profiles_credentials_tsv_idx').using('gin', t.credentialsTsv),
    index('profiles_business_tsv_idx').using('gin', t.businessTsv),
    index('profiles_vocation_tsv_idx').using('gin', t.vocationTsv),
    index('profiles_all_tsv_idx').using('gin', t.allTsv),
    // A place is both coordinates or neither (the contract refuses one alone; this keeps it so).
    check('profiles_coordinates_paired', sql.raw('("latitude" is null) = ("longitude" is null)')),
  ],
);
export type ProfileRow = typeof profiles.$inferSelect;
export type ProfileInsert = typeof profiles.$inferInsert;

