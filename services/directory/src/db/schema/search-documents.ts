import { sql, type SQL } from 'drizzle-orm';
import { prefixTerm } from '../../search/text-query.js';

/**
 * The generated columns search matches against. Each is built only from what every member may
 * see: a section whose privacy flag is off contributes nothing, so private details can't be found
 * by anyone (PRIVACY_SECTION_FIELDS in libs/contracts maps the same sections for responses).
 * Hardships are never searchable. 'simple' keeps words as typed: matching is by word prefix.
 * `directory.search_document` (created by the migration, see SEARCH_DOCUMENT_FUNCTION) also
 * indexes each word's 3- to 8-letter prefixes, so what someone is still typing is an exact lexeme
 * lookup rather than a slow partial-match scan of the index.
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
/** Name of the function behind `profiles_all_cells_idx` (see CELL_DOCUMENT_FUNCTION). */
export const CELL_DOCUMENT = '"directory"."cell_document"';

/**
 * A search document's lexemes, each tagged with the profile's 0.25° grid cell ('~297508~plumb'),
 * for a GIN index that answers 'these words in these cells' in one lookup: a word's posting list
 * in one cell is a few dozen rows where the whole country's is tens of thousands. Tags start with
 * '~', which no typed word (letters and digits only) nor a typed prefix can produce. Empty without
 * coordinates. The query side is `cellMatch` in search/conditions.ts. Its planner cost (1000) is set
 * by migration 0002.
 */
export const CELL_DOCUMENT_FUNCTION = `CREATE OR REPLACE FUNCTION ${CELL_DOCUMENT}(doc tsvector, cell integer) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(ARRAY(SELECT '~' || cell || '~' || w FROM unnest(tsvector_to_array(doc)) AS w WHERE cell IS NOT NULL))
$$;`;

const when = (flag: string, text: string) => `(CASE WHEN "${flag}" THEN ${text} ELSE '' END)`;
const join = (...parts: string[]) => parts.join(` || ' ' || `);
const col = (name: string) => `coalesce("${name}", '')`;

/** Member names (the `people` scope). */
export const nameDocument = doc(col('member_name'));

/** Skill and category names (the `skills` scope): professional info. */
export const skillsDocument = doc(when('professional_info_is_public', '"skill_text"'));

/** Certification names, issuers and licence numbers, and the business licence (the `credentials` scope). */
export const credentialsDocument = doc(join(when('professional_info_is_public', '"cert_text"'), when('business_info_is_public', col('license_number'))));

/** Business name and service area of service providers (the `business` scope). */
export const businessDocument = doc(
  `(CASE WHEN "is_service_provider" AND "business_info_is_public" THEN ${join(col('business_name'), col('service_area'))} ELSE '' END)`,
);

/** Title, experience and skills: what someone does (the `vocation` scope). */
export const vocationDocument = doc(join(col('title'), when('professional_info_is_public', join(col('experience'), '"skill_text"'))));

/** Everything public (the `all` scope and the flag-based scopes). */
export const allDocument = doc(
  join(
    col('member_name'),
    col('title'),
    col('bio'),
    when('contact_info_is_public', join(col('address'), col('phone'), col('website'))),
    when('personal_interests_is_public', join(col('passions'), col('causes'), col('favorite_local_businesses'), col('favorite_books'))),
    when('professional_info_is_public', join(col('experience'), '"skill_text"', '"cert_text"')),
    when('political_info_is_public', col('campaign_platform')),
    when('business_info_is_public', join(col('business_name'), col('service_area'), col('license_number'), col('values'))),
  ),
);

/** A point on the globe for the GiST index; null while the profile has no coordinates. */
export const geoPoint = sql.raw(`ll_to_earth("latitude"::float8, "longitude"::float8)`);

/** Name sort key: alphabetical ignoring case (spec 01 §4). */
export const nameKey = sql.raw(`lower("member_name")`);

/**
 * The 0.25° grid cell holding the point (row * 2000 + column, rows and columns counted from 0°).
 * A radius query that must collect every match (sort by rating or name) ANDs `geo_cell = any(...)`
 * (a btree bitmap) with the text index: unlike a cube box, whose selectivity the planner fixes at
 * 0.1%, a cell's frequency is in the column statistics, so dense metros and empty plains are told
 * apart and the plan fits each.
 */
export const geoCell = sql.raw(`(floor("latitude" * 4)::int * 2000 + floor("longitude" * 4)::int)`);

/** Any of some word beginnings, as a tsquery's text: the lexicons of the flag-like search scopes. */
export const lexiconQuery = (words: readonly string[]): string => words.map(prefixTerm).join(' | ');

/** What makes a profile a school, besides being open to teaching (the Schools tab). */
export const SCHOOL_WORDS = ['school', 'academ', 'tutor', 'education', 'preschool', 'montessori', 'college', 'universit', 'teacher', 'classroom', 'kindergarten'] as const;

/**
 * The Schools tab's `requires` (search/scopes.ts builds the same condition from the same words),
 * as the predicate of `profiles_schools_cells_idx`: a statement that states it can read the
 * schools of some grid cells from that index alone.
 */
export const SCHOOLS_PREDICATE = `(("all_tsv" @@ to_tsquery('simple', '${lexiconQuery(SCHOOL_WORDS)}')) OR ("opportunities_is_public" AND "open_to_teaching_tutoring"))`;
