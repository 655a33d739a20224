import { sql, type SQL } from 'drizzle-orm';
import { PRIVACY_SECTION_FIELDS, type Profile } from '@freemarket/contracts';
import { prefixTerm } from '../../search/text-query.js';

/**
 * The generated columns search matches against. Each field comes in only under its privacy
 * section's flag, read from PRIVACY_SECTION_FIELDS (the table responses are redacted by), so
 * nothing private can be found by anyone. Hardships are never searchable. 'simple' keeps words as
 * typed: matching is by word prefix. `directory.search_document` (created by the migration, see
 * SEARCH_DOCUMENT_FUNCTION) also indexes each word's 3- to 8-letter prefixes, so what someone is
 * still typing is an exact lexeme lookup rather than a slow partial-match scan of the index.
 */
const doc = (text: string): SQL => sql.raw(`"directory"."search_document"(${text})`);

/**
 * The text → tsvector function behind every search document. Punctuation inside tokens becomes a
 * space first, so 'RN-777123' or 'sparks.example.com' are words ('rn', '777123') as the query side
 * splits them, not a signed number or a host name. Immutable, as generated columns require.
 */
export const SEARCH_DOCUMENT_FUNCTION = `CREATE OR REPLACE FUNCTION "directory"."search_document"(doc text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT v || array_to_tsvector(ARRAY(
    SELECT DISTINCT left(w, n) FROM unnest(tsvector_to_array(v)) AS w, generate_series(3, least(8, length(w) - 1)) AS n))
  FROM (SELECT to_tsvector('simple'::regconfig, translate(doc, '-./@_:#+', '        ')) AS v) AS words
$$;`;

/** A searchable profile field, or the member's name (from the users projection). */
type Searchable = keyof Profile | 'memberName';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** Skills and certifications are searched through the text the profile keeps of them (search-material.ts). */
const TEXT_COLUMNS: Partial<Record<Searchable, string>> = { userSkills: '"skill_text"', certifications: '"cert_text"' };
const text = (field: Searchable) => TEXT_COLUMNS[field] ?? `coalesce("${snake(field)}", '')`;

/** The column of the privacy flag whose section holds `field`, if any. */
export function sectionFlag(field: Searchable): string | undefined {
  const flag = Object.entries(PRIVACY_SECTION_FIELDS).find(([, fields]) => (fields as readonly string[]).includes(field))?.[0];
  return flag && `"${snake(flag)}"`;
}

const join = (parts: string[]) => parts.join(` || ' ' || `);
const when = (condition: string, parts: string[]) => `(CASE WHEN ${condition} THEN ${join(parts)} ELSE '' END)`;

/** Fields' text in order, each run of fields of one section under that section's flag. */
function publicText(...fields: Searchable[]): string {
  const runs: { flag?: string; parts: string[] }[] = [];
  for (const field of fields) {
    const flag = sectionFlag(field);
    const last = runs.at(-1);
    if (last && last.flag === flag) last.parts.push(text(field));
    else runs.push({ flag, parts: [text(field)] });
  }
  return join(runs.map((run) => (run.flag ? when(run.flag, run.parts) : join(run.parts))));
}

/** Member names (the `people` scope). */
export const nameDocument = doc(publicText('memberName'));

/** Skill and category names (the `skills` scope). */
export const skillsDocument = doc(publicText('userSkills'));

/** Certification names, issuers and licence numbers, and the business licence (the `credentials` scope). */
export const credentialsDocument = doc(publicText('certifications', 'licenseNumber'));

/** Business name and service area of service providers (the `business` scope). */
export const businessDocument = doc(when(`"is_service_provider" AND ${sectionFlag('businessName')}`, [text('businessName'), text('serviceArea')]));

/** Title, experience and skills: what someone does (the `vocation` scope). */
export const vocationDocument = doc(publicText('title', 'experience', 'userSkills'));

/** Everything searchable (the `all` scope and the flag-based scopes). */
export const allDocument = doc(
  publicText(
    ...(['memberName', 'title', 'bio', 'address', 'phone', 'website', 'passions', 'causes', 'favoriteLocalBusinesses', 'favoriteBooks'] as const),
    ...(['experience', 'userSkills', 'certifications', 'campaignPlatform', 'businessName', 'serviceArea', 'licenseNumber', 'values'] as const),
  ),
);

/** A point on the globe for the GiST index; null while the profile has no coordinates. */
export const geoPoint = sql.raw(`ll_to_earth("latitude"::float8, "longitude"::float8)`);

/** Name sort key: alphabetical ignoring case (spec 01 §4). */
export const nameKey = sql.raw(`lower("member_name")`);

/** Any of some word beginnings, as a tsquery's text: the lexicons of the flag-like search scopes. */
export const lexiconQuery = (words: readonly string[]): string => words.map(prefixTerm).join(' | ');

/** What makes a profile a school, besides being open to teaching (the Schools tab). */
export const SCHOOL_WORDS = ['school', 'academ', 'tutor', 'education', 'preschool', 'montessori', 'college', 'universit', 'teacher', 'classroom', 'kindergarten'] as const;
