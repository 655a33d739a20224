import { z } from 'zod';
import { DIRECTORY_LIMITS, OPEN_TO, PROFILE_KINDS, SEARCH_SCOPES, SEARCH_SORTS } from './constants.js';
import { profileSchema } from './profiles.js';
import { cursorQuery, limitQuery, memberId, queryDecimal, queryEnumList } from './primitives.js';

const L = DIRECTORY_LIMITS;
const lat = queryDecimal(-90, 90);
const lng = queryDecimal(-180, 180);
/** Kilometres; more than 0, at most the documented maximum. */
const radius = queryDecimal(0, L.radiusMaxKm).refine((r) => r > 0, 'must be greater than 0');

/**
 * `GET /api/profiles/search`. `lat`/`lng` come together; with them results are limited to
 * `radius` km (default 50) and carry `distanceKm`. `sort=distance` needs them.
 */
export const profileSearchQuerySchema = z
  .object({
    q: z.string().max(L.queryMaxChars).optional(),
    type: z.enum(SEARCH_SCOPES).default('all'),
    category: z.string().min(1).max(100).optional(),
    lat: lat.optional(),
    lng: lng.optional(),
    radius: radius.optional(),
    sort: z.enum(SEARCH_SORTS).default('name'),
    kind: z.enum(PROFILE_KINDS).optional(),
    openTo: queryEnumList(OPEN_TO).optional(),
    minRating: queryDecimal(0, 5).optional(),
    cursor: cursorQuery.optional(),
    limit: limitQuery(L.searchDefault, L.searchMax),
  })
  .superRefine((q, ctx) => {
    if ((q.lat === undefined) !== (q.lng === undefined)) {
      ctx.addIssue({ code: 'custom', path: [q.lat === undefined ? 'lat' : 'lng'], message: 'lat and lng are sent together' });
    }
    if (q.sort === 'distance' && q.lat === undefined) ctx.addIssue({ code: 'custom', path: ['lat'], message: 'is required when sort is distance' });
    if (q.radius !== undefined && q.lat === undefined) ctx.addIssue({ code: 'custom', path: ['lat'], message: 'is required with radius' });
  });
export type ProfileSearchQuery = z.infer<typeof profileSearchQuerySchema>;

/** The 'Profile (search result and map item)' shape of spec 01 §3, private sections absent. */
export const profileSearchItemSchema = profileSchema
  .pick({
    id: true,
    userId: true,
    user: true,
    title: true,
    bio: true,
    address: true,
    phone: true,
    website: true,
    businessHours: true,
    latitude: true,
    longitude: true,
    averageRating: true,
    reviewCount: true,
    isServiceProvider: true,
    isNonProfit: true,
    isPoliticalCandidate: true,
    isCommunityMember: true,
    professionalInfoIsPublic: true,
    contactInfoIsPublic: true,
    userSkills: true,
    certifications: true,
  })
  .extend({
    /** Great-circle distance from lat/lng, when they were given. */
    distanceKm: z.number().nullable(),
  });
export type ProfileSearchItem = z.infer<typeof profileSearchItemSchema>;

export const profileSearchPageSchema = z.object({ items: z.array(profileSearchItemSchema), nextCursor: z.string().nullable() });
export type ProfileSearchPage = z.infer<typeof profileSearchPageSchema>;

/** `GET /api/profiles/location`: profiles within `radius` km (default 50), nearest first. */
export const profileLocationQuerySchema = z.object({
  lat,
  lng,
  radius: radius.default(L.radiusDefaultKm),
  cursor: cursorQuery.optional(),
  limit: limitQuery(L.locationDefault, L.locationMax),
});
export type ProfileLocationQuery = z.infer<typeof profileLocationQuerySchema>;

/** `GET /api/profiles/search/{text}`: service providers by business name, member name or title. */
export const businessSearchParamsSchema = z.object({
  text: z.string().trim().min(L.businessSearchMinChars, `must be at least ${L.businessSearchMinChars} characters`).max(L.queryMaxChars),
});
export const businessSearchQuerySchema = z.object({ cursor: cursorQuery.optional(), limit: limitQuery(L.listDefault, L.listMax) });

/** A business search result (spec 02 §3), excluding businesses the caller already favorited. */
export const businessSearchResultSchema = z.object({
  userId: memberId,
  profileId: z.uuid(),
  fullName: z.string(),
  email: z.string().nullable(),
  title: z.string().nullable(),
  businessName: z.string().nullable(),
});
export type BusinessSearchResult = z.infer<typeof businessSearchResultSchema>;
export const businessSearchPageSchema = z.object({ items: z.array(businessSearchResultSchema), nextCursor: z.string().nullable() });
