import { sql } from 'drizzle-orm';

/** Name of the function behind the `marker_json` column (see MARKER_DOCUMENT_FUNCTION). */
const MARKER_DOCUMENT = '"directory"."marker_document"';

/**
 * A profile's map marker as every member but its owner sees it (the contract's `profileMapItemSchema`;
 * `skills` only when professional info is public), kept in the row so the map's answer is these
 * documents joined, not an object built per marker per request (half of the map query's time).
 * json_build_object is only STABLE because of types whose text form depends on settings; these
 * arguments (uuid, text, numeric, integer, boolean, json) have none, so the function is immutable,
 * as generated columns require.
 */
export const MARKER_DOCUMENT_FUNCTION = `CREATE OR REPLACE FUNCTION ${MARKER_DOCUMENT}(
  id uuid, user_id text, name text, title text, latitude numeric, longitude numeric, average_rating numeric, review_count integer,
  is_service_provider boolean, is_non_profit boolean, is_political_candidate boolean, is_community_member boolean, skills json) RETURNS json
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN skills IS NULL THEN
    json_build_object('id', id, 'userId', user_id, 'name', name, 'title', title, 'latitude', latitude::text, 'longitude', longitude::text,
      'averageRating', average_rating::text, 'reviewCount', review_count, 'isServiceProvider', is_service_provider, 'isNonProfit', is_non_profit,
      'isPoliticalCandidate', is_political_candidate, 'isCommunityMember', is_community_member)
  ELSE
    json_build_object('id', id, 'userId', user_id, 'name', name, 'title', title, 'latitude', latitude::text, 'longitude', longitude::text,
      'averageRating', average_rating::text, 'reviewCount', review_count, 'isServiceProvider', is_service_provider, 'isNonProfit', is_non_profit,
      'isPoliticalCandidate', is_political_candidate, 'isCommunityMember', is_community_member, 'skills', skills)
  END
$$;`;

/** The marker document of the profile row in scope, with `skills` as given (SQL over its columns). */
export function markerDocumentWith(skills: string) {
  return sql.raw(
    `${MARKER_DOCUMENT}("id", "user_id", "member_name", "title", "latitude", "longitude", "average_rating", "review_count", ` +
      `"is_service_provider", "is_non_profit", "is_political_candidate", "is_community_member", ${skills})`,
  );
}

/** What the `marker_json` column holds: skills only when professional info is public. */
export const markerDocument = markerDocumentWith(`(CASE WHEN "professional_info_is_public" THEN "skill_summary" END)`);
