import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PRIVACY_FLAGS, PRIVACY_SECTION_FIELDS, type PrivacyFlag, type ProfileSearchItem } from '@freemarket/contracts';
import { profiles as p, users as u } from '../db/schema/index.js';
import { markerDocumentWith } from '../db/schema/marker-document.js';
import { userJson } from '../profiles/json.js';
import { visibleSql } from '../profiles/privacy.js';

/** A result's fields but its distance, which depends on the question and is added last (`withDistance`). */
type ItemField = Exclude<keyof ProfileSearchItem, 'distanceKm'>;

/**
 * A search result's fields as Postgres computes them; skills and certifications come from the
 * profile row's copies (search-material.ts). Needs `users` joined.
 */
function itemFields(email: SQL): Record<ItemField, SQL> {
  return {
    id: sql`${p.id}`,
    userId: sql`${p.userId}`,
    user: userJson(email),
    title: sql`${p.title}`,
    bio: sql`${p.bio}`,
    address: sql`${p.address}`,
    phone: sql`${p.phone}`,
    website: sql`${p.website}`,
    businessHours: sql`${p.businessHours}`,
    latitude: sql`${p.latitude}::text`,
    longitude: sql`${p.longitude}::text`,
    averageRating: sql`${p.averageRating}::text`,
    reviewCount: sql`${p.reviewCount}`,
    isServiceProvider: sql`${p.isServiceProvider}`,
    isNonProfit: sql`${p.isNonProfit}`,
    isPoliticalCandidate: sql`${p.isPoliticalCandidate}`,
    isCommunityMember: sql`${p.isCommunityMember}`,
    professionalInfoIsPublic: sql`${p.professionalInfoIsPublic}`,
    contactInfoIsPublic: sql`${p.contactInfoIsPublic}`,
    userSkills: sql`${p.userSkillsJson}`,
    certifications: sql`${p.certificationsJson}`,
  };
}

const ITEM_FIELDS = Object.keys(itemFields(sql`null`)) as ItemField[];

/** The privacy sections with fields in a search result, and those fields (PRIVACY_SECTION_FIELDS). */
export const SEARCH_ITEM_SECTIONS: { flag: PrivacyFlag; fields: ItemField[] }[] = PRIVACY_FLAGS.map((flag) => ({
  flag,
  fields: ITEM_FIELDS.filter((f) => (PRIVACY_SECTION_FIELDS[flag] as readonly string[]).includes(f)),
})).filter((section) => section.fields.length > 0);

/** The fields no privacy section holds: always in a result. */
const ALWAYS_VISIBLE = ITEM_FIELDS.filter((k) => !SEARCH_ITEM_SECTIONS.some((s) => s.fields.includes(k)));

/** Some of the fields as a compact JSON object's text (`row_to_json` writes no spaces). */
function objectText(keys: readonly ItemField[], fields: Record<ItemField, SQL>): SQL {
  return sql`(select row_to_json(x) from (select ${sql.join(
    keys.map((k) => sql`${fields[k]} as ${sql.raw(`"${k}"`)}`),
    sql`, `,
  )}) x)::text`;
}

/**
 * A search result (spec 01 §3) as `viewerId` may see it, as JSON text in the contract's shape but
 * for `distanceKm` (`withDistance` adds it): the fields of a section private to the viewer are
 * absent, and a private contact section withholds `user.email`, as `withoutPrivateSections` does
 * for profile reads. The always-visible fields are one object; each section's fields are spliced
 * into it only where the viewer may see them, so every field is written once in the statement and
 * Node sends the text as it comes.
 */
export function searchItemJson(viewerId: string | Placeholder): SQL {
  const fields = itemFields(sql`(case when ${visibleSql('contactInfoIsPublic', viewerId)} then ${u.email} end)`);
  // `{"a":1}` and `{"b":2,"c":3}` make `{"a":1,"b":2,"c":3}`: the first without its `}`, each section without its braces.
  const sections = SEARCH_ITEM_SECTIONS.map(
    (s) => sql`(case when ${visibleSql(s.flag, viewerId)} then ',' || left(substr(${objectText(s.fields, fields)}, 2), -1) else '' end)`,
  );
  return sql`(left(${objectText(ALWAYS_VISIBLE, fields)}, -1) || ${sql.join(sections, sql` || `)} || '}')`;
}

/** A result's text (`searchItemJson`) with its distance from the question's centre, in km, or null without one. */
export function withDistance(item: string, distanceKm: number | null): string {
  return `${item.slice(0, -1)},"distanceKm":${distanceKm === null ? 'null' : String(distanceKm)}}`;
}

/**
 * A map marker as the contract's `profileMapItemSchema` has it; `skills` only where the viewer may
 * see them. Every marker is the row's stored `marker_json` (as others see it) except the viewer's
 * own when its professional info is private: the owner still sees their skills. Unqualified
 * columns: the statement reads `directory.profiles` alone.
 */
export function markerJson(viewerId: string): SQL {
  return sql`(case when ${p.userId} = ${viewerId} and not ${p.professionalInfoIsPublic}
    then ${markerDocumentWith('"skill_summary"')} else ${p.markerJson} end)`;
}
