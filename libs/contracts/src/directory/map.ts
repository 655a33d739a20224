import { z } from 'zod';
import { MAP_VIEW } from './constants.js';
import { memberId, queryDecimal, queryInt } from './primitives.js';

const lat = queryDecimal(-90, 90);
const lng = queryDecimal(-180, 180);

/**
 * `GET /api/profiles/map`: what the map shows of the visible bounds at a zoom level. A view across
 * the antimeridian is asked as two views, one on each side of it.
 */
export const profileMapQuerySchema = z
  .object({ south: lat, west: lng, north: lat, east: lng, zoom: queryInt(MAP_VIEW.minZoom, MAP_VIEW.maxZoom) })
  .superRefine((q, ctx) => {
    if (q.south > q.north) ctx.addIssue({ code: 'custom', path: ['south'], message: 'must not be north of north' });
    if (q.west > q.east) ctx.addIssue({ code: 'custom', path: ['west'], message: 'must not be east of east (ask a view across the antimeridian as two views)' });
  });
export type ProfileMapQuery = z.infer<typeof profileMapQuerySchema>;

/** Profiles close together on screen: how many, and where their mean position is. */
export const mapClusterSchema = z.object({ lat: z.number(), lng: z.number(), count: z.number().int().positive() });
export type MapCluster = z.infer<typeof mapClusterSchema>;

/** One marker: enough for the icon, the colour and the popup (spec 01 §2 Map view). */
export const profileMapItemSchema = z.object({
  id: z.uuid(),
  userId: memberId,
  name: z.string().nullable(),
  title: z.string().nullable(),
  latitude: z.string(),
  longitude: z.string(),
  averageRating: z.string(),
  reviewCount: z.number().int(),
  isServiceProvider: z.boolean(),
  isNonProfit: z.boolean(),
  isPoliticalCandidate: z.boolean(),
  isCommunityMember: z.boolean(),
  /** The first two skills; absent when professional info is private, except to its owner. */
  skills: z.array(z.object({ name: z.string(), category: z.string() })).max(2).optional(),
});
export type ProfileMapItem = z.infer<typeof profileMapItemSchema>;

/** Clusters when the view holds more than `markersMax` profiles below `markersFromZoom`, else single markers; never both. */
export const profileMapResponseSchema = z.object({
  clusters: z.array(mapClusterSchema).max(MAP_VIEW.clustersMax),
  markers: z.array(profileMapItemSchema).max(MAP_VIEW.markersMax),
});
export type ProfileMapResponse = z.infer<typeof profileMapResponseSchema>;
