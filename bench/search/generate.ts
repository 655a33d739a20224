import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SKILL_CATALOG } from '@freemarket/contracts';
import { FIRST_NAMES, LAST_NAMES } from '@freemarket/demo';
import { openDatabase } from '@freemarket/db';
import { migrationsFolder, seedReferenceData } from '@freemarket/directory';
import { METROS, RURAL_BOX, RURAL_SHARE } from './cities.js';

/**
 * Writes N benchmark profiles (default 1,000,000) into a database of their own, through the
 * directory's own migrations: members of the users projection, profiles spread over US metros by
 * population (gaussian around each centre) and rural areas, 0–3 skills each (user_skills and the
 * profile's search material), certifications and ratings. Everything derives from the profile
 * number through hashint8extended, so a run is reproducible. A database already holding N
 * profiles is reused.
 *
 *   node --import tsx bench/search/generate.ts [N]     (BENCH_PROFILES, BENCH_DATABASE_URL, BENCH_MIGRATE)
 */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fm_bench_search';
const CHUNK = 50_000;
/** BENCH_MIGRATE=1: profiles made under older migrations are kept and brought forward by the newer ones, as production's are. */
const MIGRATE_FORWARD = process.env.BENCH_MIGRATE === '1';

export async function ensureBenchData(count: number, url = BENCH_DATABASE_URL, log: (line: string) => void = console.log): Promise<void> {
  await createDatabaseIfMissing(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ exists: boolean }>(`select to_regclass('directory.profiles') is not null as exists`);
    const existing = rows[0]!.exists ? Number((await client.query<{ n: string }>('select count(*) n from directory.profiles')).rows[0]!.n) : 0;
    // Data made under an older schema (another migration) is made again.
    const applied = rows[0]!.exists ? (await client.query<{ hash: string }>('select hash from directory.__migrations order by created_at desc limit 1')).rows[0]?.hash : undefined;
    if (existing === count && applied === (await migrationHash())) return log(`the benchmark database already holds ${count.toLocaleString('en-US')} profiles: reusing them`);
    if (existing === count && MIGRATE_FORWARD) return migrateForward(url, log);
    // A fresh schema from the service's own migrations, whatever an earlier (perhaps interrupted) run left.
    await client.query('drop schema if exists directory cascade; drop schema if exists bench cascade');
    const database = await openDatabase({ url, poolMax: 2 });
    try {
      await database.migrate({ migrationsFolder, schema: 'directory' });
      await seedReferenceData(database.db);
    } finally {
      await database.close();
    }
    await generate(client, count, log);
  } finally {
    await client.end();
  }
}

async function migrateForward(url: string, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const database = await openDatabase({ url, poolMax: 2 });
  try {
    await database.migrate({ migrationsFolder, schema: 'directory' });
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum analyze directory.profiles');
  } finally {
    await client.end();
  }
  log(`brought the benchmark database forward by the newer migrations in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function generate(client: pg.Client, count: number, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const step = async (label: string, fn: () => Promise<unknown>) => {
    const t = Date.now();
    await fn();
    log(`  ${label}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  log(`generating ${count.toLocaleString('en-US')} profiles…`);
  await client.query(`set maintenance_work_mem = '1GB'`);
  await step('helpers', () => createHelpers(client));
  const indexes = await dropSecondaryIndexes(client);
  // Triggers off for the load: the map's cells are counted once at the end (refill_map_cells).
  await client.query('alter table directory.profiles disable trigger user; alter table directory.users disable trigger user');
  const t = Date.now();
  try {
    for (let lo = 1; lo <= count; lo += CHUNK) {
      const hi = Math.min(lo + CHUNK - 1, count);
      await client.query('truncate bench.chunk_skills');
      for (const sql of [chooseSkills, insertUsers, insertProfiles, insertUserSkills, insertCertifications]) await client.query(sql, [lo, hi]);
      if (hi % 200_000 === 0 || hi === count) log(`  ${hi.toLocaleString('en-US')} profiles (${((Date.now() - t) / 1000).toFixed(0)} s)`);
    }
  } finally {
    await client.query('alter table directory.profiles enable trigger user; alter table directory.users enable trigger user');
  }
  // Loaded with triggers off: the map's cells are counted once, from every profile.
  await step('map cells', () => client.query('select directory.refill_map_cells()'));
  // Neighbours on the map share heap pages: the table is rewritten in the GiST index's order (the
  // operator step docs/benchmarks.md describes), then the other indexes are built on that order.
  const gist = indexes.filter((d) => / using gist /i.test(d));
  await step('geo index and CLUSTER by location', async () => {
    for (const definition of gist) await client.query(definition);
    await client.query('cluster directory.profiles using profiles_geo_idx');
  });
  await step(`${indexes.length - gist.length} indexes`, async () => {
    for (const definition of indexes.filter((d) => !gist.includes(d))) await client.query(definition);
  });
  await step('check the denormalised skills and certifications', () => checkMaterial(client));
  await step('vacuum analyze', () => client.query('vacuum analyze directory.profiles, directory.user_skills, directory.certifications, directory.users, directory.skills, directory.skill_categories'));
  log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** drizzle records each applied migration by the sha256 of its SQL file. */
async function migrationHash(): Promise<string> {
  const files = (await readdir(migrationsFolder)).filter((f) => f.endsWith('.sql')).sort();
  return createHash('sha256').update(await readFile(join(migrationsFolder, files.at(-1)!))).digest('hex');
}

async function createDatabaseIfMissing(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** Secondary indexes are built once after the load (much faster than maintaining them row by row). */
async function dropSecondaryIndexes(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string; def: string }>(`
    select i.indexname as name, i.indexdef as def from pg_indexes i
    join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
    where i.schemaname = 'directory' and i.tablename in ('profiles', 'user_skills', 'certifications') and not x.indisunique`);
  for (const r of rows) await client.query(`drop index directory.${pg.escapeIdentifier(r.name)}`);
  return rows.map((r) => r.def);
}

const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
const textArray = (list: readonly string[]) => `array[${list.map(literal).join(',')}]::text[]`;

async function createHelpers(client: pg.Client): Promise<void> {
  const total = METROS.reduce((s, m) => s + m[3], 0);
  let cum = 0;
  const metroRows = METROS.map(([name, lat, lng, millions], i) => {
    const lo = cum;
    cum += millions / total;
    return `(${i}, ${literal(name)}, ${lat}, ${lng}, ${lo}, ${i === METROS.length - 1 ? 1 : cum}, ${6 + 4 * Math.sqrt(millions)})`;
  });
  const cidx = (name: string) => SKILL_CATALOG.findIndex((c) => c.name === name);
  const providerCats = ['Trades', 'Trades', 'Trades', 'Medical', 'Education', 'Creative', 'Agriculture', 'Technology', 'Technology'].map(cidx);
  const memberCats = ['Education', 'Creative', 'Agriculture', 'Non-Profit'].map(cidx);
  await client.query(`
    create schema if not exists bench;
    create or replace function bench.u(n bigint, salt bigint) returns float8 language sql immutable parallel safe
      as $$ select (hashint8extended(n, salt) & 9007199254740991)::float8 / 9007199254740992.0 $$;
    create or replace function bench.gauss(n bigint, salt bigint) returns float8 language sql immutable parallel safe
      as $$ select sqrt(-2 * ln(1 - bench.u(n, salt))) * cos(2 * pi() * bench.u(n, salt + 1)) $$;
    drop table if exists bench.metros, bench.categories, bench.skills, bench.chunk_skills;
    create unlogged table bench.chunk_skills (n bigint, pos bigint, skill_id uuid, skill_name text, category_id uuid, category_name text,
      us_id uuid, years int, rate numeric(10, 2));
    create table bench.metros (idx int primary key, name text, lat float8, lng float8, cum_lo float8, cum_hi float8, sigma_km float8);
    insert into bench.metros values ${metroRows.join(',')};
    create index on bench.metros (cum_hi);
    create table bench.categories as
      select (row_number() over (order by ord) - 1)::int cidx, c.id, c.name, (select count(*) from directory.skills s where s.category_id = c.id)::int size
      from directory.skill_categories c join unnest(${textArray(SKILL_CATALOG.map((c) => c.name))}) with ordinality as o(name, ord) on o.name = c.name;
    create table bench.skills as
      select c.cidx, (row_number() over (partition by c.cidx order by s.name) - 1)::int sidx, s.id, s.name
      from directory.skills s join bench.categories c on c.id = s.category_id;
    create index on bench.skills (cidx, sidx);
    -- 55% service providers, 10% non-profits, 5% candidates, 30% community members.
    create or replace function bench.kind(n bigint) returns int language sql immutable parallel safe as $$
      select case when bench.u(n, 5) < 0.55 then 0 when bench.u(n, 5) < 0.65 then 1 when bench.u(n, 5) < 0.70 then 2 else 3 end $$;
    create or replace function bench.category(n bigint) returns int language sql immutable parallel safe as $$
      select case bench.kind(n)
        when 0 then (array[${providerCats.join(',')}])[1 + floor(bench.u(n, 6) * ${providerCats.length})::int]
        when 1 then ${cidx('Non-Profit')} when 2 then ${cidx('Political')}
        else (array[${memberCats.join(',')}])[1 + floor(bench.u(n, 6) * ${memberCats.length})::int] end $$;
    create or replace function bench.skill_count(n bigint) returns int language sql immutable parallel safe as $$
      select case when bench.kind(n) = 3 then floor(bench.u(n, 7) * 3)::int else 1 + floor(bench.u(n, 7) * 3)::int end $$;
    -- 40% of providers in credentialed trades hold one certification.
    create or replace function bench.cert_of(n bigint) returns table (name text, issuer text, license_number text) language sql immutable as $$
      select v.name, v.issuer, v.prefix || '-' || (100000 + floor(bench.u(n, 21) * 900000)::int)
      from (values
        (${cidx('Trades')}, 'C-10 Electrical Contractor License', 'Contractors State License Board', 'C10'),
        (${cidx('Medical')}, 'Registered Nurse (RN)', 'State Board of Registered Nursing', 'RN'),
        (${cidx('Education')}, 'Single Subject Teaching Credential', 'Commission on Teacher Credentialing', 'CTC'),
        (${cidx('Technology')}, 'CompTIA Security+', 'CompTIA', 'COMP')) v(cidx, name, issuer, prefix)
      where bench.kind(n) = 0 and bench.u(n, 20) < 0.4 and v.cidx = bench.category(n) $$;
    create or replace function bench.first_name(n bigint) returns text language sql immutable parallel safe as $$
      select (${textArray(FIRST_NAMES)})[1 + floor(bench.u(n, 50) * ${FIRST_NAMES.length})::int] $$;
    create or replace function bench.last_name(n bigint) returns text language sql immutable parallel safe as $$
      select (${textArray(LAST_NAMES)})[1 + floor(bench.u(n, 51) * ${LAST_NAMES.length})::int] $$;
    create or replace function bench.n_of(user_id text) returns bigint language sql immutable parallel safe as $$ select substr(user_id, 7)::bigint $$;
    -- Ids made from the profile number, so a profile's copy of its skills and certifications
    -- (user_skills_json, certifications_json) is written with the profile, before those rows.
    -- Shaped as version 4 (random) uuids, as the contract's uuid check requires.
    create or replace function bench.uuid(seed text) returns uuid language sql immutable parallel safe as $$
      select overlay(overlay(md5(seed) placing '4' from 13) placing '8' from 17)::uuid $$;
    create or replace function bench.pid(n bigint) returns uuid language sql immutable parallel safe as $$ select bench.uuid('profile-' || n) $$;
    create or replace function bench.cert_id(n bigint) returns uuid language sql immutable parallel safe as $$ select bench.uuid('certification-' || n) $$;
    create or replace function bench.cert_date(n bigint) returns date language sql immutable parallel safe as $$
      select date '2010-01-01' + floor(bench.u(n, 22) * 5000)::int $$;
  `);
}

/** The chunk's skills, set-based (hash joins rather than a function call per profile), with their user_skills ids and values. */
const chooseSkills = `
  insert into bench.chunk_skills
  select x.*, bench.uuid('user-skill-' || x.n || '-' || x.skill_id), 1 + floor(bench.u(x.n, 100 + x.pos) * 25)::int,
    case when bench.kind(x.n) = 0 then round((25 + bench.u(x.n, 110 + x.pos) * 150)::numeric, 2) end
  from (
    select n, row_number() over (partition by n order by min(i)) pos, s.id skill_id, s.name skill_name, c.id category_id, c.name category_name
    from generate_series($1::bigint, $2::bigint) n
    cross join generate_series(0, 2) i
    join bench.categories c on c.cidx = bench.category(n)
    join bench.skills s on s.cidx = c.cidx and s.sidx = floor(bench.u(n, 10 + i) * c.size)::int
    where i < bench.skill_count(n)
    group by n, s.id, s.name, c.id, c.name
  ) x`;

const insertUsers = `
  insert into directory.users (id, email, first_name, last_name)
  select 'bench-' || n, 'member' || n || '@bench.freemarket.local', bench.first_name(n), bench.last_name(n)
  from generate_series($1::bigint, $2::bigint) n`;

const insertProfiles = `
  insert into directory.profiles (id, user_id, member_name, title, bio, latitude, longitude, address, phone, website, business_hours,
    is_service_provider, is_non_profit, is_political_candidate, is_community_member, provides_service, sells_products,
    has_property_for_rent, has_property_for_sale, open_to_volunteering, open_to_mentoring, open_to_teaching_tutoring, open_to_employment,
    business_name, service_area, license_number, years_in_business, campaign_platform, passions, causes,
    contact_info_is_public, professional_info_is_public, business_info_is_public, items_for_sale_is_public,
    opportunities_is_public, personal_interests_is_public, hardships_is_public,
    average_rating, review_count, skill_text, skill_category_ids, skill_summary, cert_text, user_skills_json, certifications_json, created_at, updated_at)
  select bench.pid(g.n), 'bench-' || g.n, bench.first_name(g.n) || ' ' || bench.last_name(g.n),
    case g.kind when 0 then coalesce(sk.first, 'General') || ' ' || (array['Specialist','Pro','Contractor','Services'])[1 + floor(bench.u(g.n, 60) * 4)::int]
      when 1 then bench.last_name(g.n) || ' Community Fund' when 2 then 'Candidate for City Council' else 'Neighbor' end,
    'Serving ' || loc.place || ' with ' || coalesce(lower(sk.first), 'a helping hand') || ' since ' || (1990 + floor(bench.u(g.n, 61) * 34)::int) || '.',
    round(loc.lat::numeric, 7), round(loc.lng::numeric, 7),
    (100 + g.n % 9800) || ' Main St, ' || loc.place, '(555) 01' || lpad((g.n % 100)::text, 2, '0'),
    case when g.kind = 0 then 'https://member' || g.n || '.example.com' end, case when g.kind = 0 then 'Mon-Fri 9-5' end,
    g.kind = 0, g.kind = 1, g.kind = 2, g.kind = 3 or bench.u(g.n, 62) < 0.2, g.kind = 0, bench.u(g.n, 63) < 0.12,
    bench.u(g.n, 64) < 0.05, bench.u(g.n, 65) < 0.03, g.kind in (1, 3) and bench.u(g.n, 66) < 0.5, bench.u(g.n, 67) < 0.2,
    g.kind = 3 and bench.u(g.n, 68) < 0.2, bench.u(g.n, 69) < 0.15,
    case when g.kind in (0, 1) then bench.last_name(g.n) || ' ' || coalesce(sk.first, 'Community') || ' ' || (array['Co.','Services','Studio','Collective'])[1 + floor(bench.u(g.n, 70) * 4)::int] end,
    case when g.kind = 0 then loc.place || ' and nearby' end,
    case when g.kind = 0 and bench.u(g.n, 71) < 0.5 then 'LIC-' || (100000 + g.n % 900000) end,
    case when g.kind = 0 then 1 + floor(bench.u(g.n, 72) * 30)::int end,
    case when g.kind = 2 then 'Affordable housing and reliable transit' end,
    'cycling, gardening', 'food security',
    bench.u(g.n, 80) >= 0.15, bench.u(g.n, 81) >= 0.08, bench.u(g.n, 82) >= 0.05, bench.u(g.n, 83) >= 0.05,
    bench.u(g.n, 84) >= 0.08, bench.u(g.n, 85) >= 0.1, bench.u(g.n, 86) >= 0.6,
    case when g.reviews = 0 then 0 else round(least(5, greatest(1, 4.1 + 0.7 * bench.gauss(g.n, 31)))::numeric, 2) end, g.reviews,
    coalesce(sk.text, ''), coalesce(sk.cats, '{}'), coalesce(sk.summary, '[]'::json),
    coalesce((select concat_ws(' ', c.name, c.issuer, c.license_number) from bench.cert_of(g.n) c), ''),
    coalesce(sk.json, '[]'::json),
    coalesce((select json_agg(json_build_object('id', bench.cert_id(g.n), 'profileId', bench.pid(g.n), 'name', c.name, 'issuer', c.issuer,
      'licenseNumber', c.license_number, 'issueDate', bench.cert_date(g.n)::text, 'expiryDate', null::text)) from bench.cert_of(g.n) c), '[]'::json),
    now() - make_interval(days => floor(bench.u(g.n, 90) * 1500)::int), now()
  from (
    select n, bench.kind(n) kind, case when bench.kind(n) in (0, 1) then floor(power(bench.u(n, 30), 2) * 40)::int else 0 end reviews
    from generate_series($1::bigint, $2::bigint) n
  ) g
  cross join lateral (
    select m.name place,
      case when bench.u(g.n, 40) < ${RURAL_SHARE} then ${RURAL_BOX.minLat} + bench.u(g.n, 46) * ${RURAL_BOX.maxLat - RURAL_BOX.minLat}
        else m.lat + bench.gauss(g.n, 42) * m.sigma_km / 111.32 end lat,
      case when bench.u(g.n, 40) < ${RURAL_SHARE} then ${RURAL_BOX.minLng} + bench.u(g.n, 47) * ${RURAL_BOX.maxLng - RURAL_BOX.minLng}
        else m.lng + bench.gauss(g.n, 44) * m.sigma_km / (111.32 * cos(radians(m.lat))) end lng
    from bench.metros m where m.cum_hi > bench.u(g.n, 41) order by m.cum_hi limit 1
  ) loc
  left join (
    select s.n, string_agg(s.skill_name || ' ' || s.category_name, ' ' order by s.pos) text, array_agg(distinct s.category_id) cats,
      json_agg(json_build_object('name', s.skill_name, 'category', s.category_name) order by s.pos) filter (where s.pos <= 2) summary,
      -- As refreshSkillMaterial writes it (json.ts userSkillsJson): in (created_at, id) order, and the
      -- chunk's user_skills share one created_at.
      json_agg(json_build_object('id', s.us_id, 'profileId', bench.pid(s.n), 'skillId', s.skill_id, 'yearsExperience', s.years,
        'hourlyRate', s.rate::text, 'skill', json_build_object('id', s.skill_id, 'name', s.skill_name, 'categoryId', s.category_id,
        'category', json_build_object('id', s.category_id, 'name', s.category_name))) order by s.us_id) json,
      (array_agg(s.skill_name order by s.pos))[1] first
    from bench.chunk_skills s group by s.n
  ) sk on sk.n = g.n`;

const insertUserSkills = `
  insert into directory.user_skills (id, profile_id, skill_id, years_experience, hourly_rate)
  select s.us_id, bench.pid(s.n), s.skill_id, s.years, s.rate from bench.chunk_skills s where s.n between $1 and $2`;

const insertCertifications = `
  insert into directory.certifications (id, profile_id, name, issuer, license_number, issue_date)
  select bench.cert_id(n), bench.pid(n), c.name, c.issuer, c.license_number, bench.cert_date(n)
  from generate_series($1::bigint, $2::bigint) n cross join lateral bench.cert_of(n) c`;

/**
 * The generator writes each profile's copy of its skills and certifications itself (an UPDATE per
 * profile would rewrite every row): a sample is compared with what the service's own
 * refresh (profiles/search-material.ts) computes from the tables.
 */
async function checkMaterial(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ checked: number; wrong: number }>(`
    select count(*)::int checked, count(*) filter (where p.user_skills_json::jsonb <> t.skills or p.certifications_json::jsonb <> t.certs)::int wrong
    from directory.profiles p tablesample system (0.2)
    cross join lateral (select
      coalesce((select jsonb_agg(jsonb_build_object('id', us.id, 'profileId', us.profile_id, 'skillId', us.skill_id, 'yearsExperience', us.years_experience,
        'hourlyRate', us.hourly_rate::text, 'skill', jsonb_build_object('id', s.id, 'name', s.name, 'categoryId', s.category_id,
        'category', jsonb_build_object('id', c.id, 'name', c.name))) order by us.created_at, us.id)
        from directory.user_skills us join directory.skills s on s.id = us.skill_id join directory.skill_categories c on c.id = s.category_id
        where us.profile_id = p.id), '[]') skills,
      coalesce((select jsonb_agg(jsonb_build_object('id', ce.id, 'profileId', ce.profile_id, 'name', ce.name, 'issuer', ce.issuer,
        'licenseNumber', ce.license_number, 'issueDate', ce.issue_date::text, 'expiryDate', ce.expiry_date::text) order by ce.created_at, ce.id)
        from directory.certifications ce where ce.profile_id = p.id), '[]') certs) t`);
  const { checked, wrong } = rows[0]!;
  if (checked === 0 || wrong > 0) throw new Error(`denormalised skills/certifications differ from the tables in ${wrong} of ${checked} sampled profiles`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = Number(process.argv[2] ?? process.env.BENCH_PROFILES ?? 1_000_000);
  await ensureBenchData(count);
}
