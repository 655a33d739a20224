import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PROJECT_CATEGORIES, PROJECT_STATUSES } from '@freemarket/contracts';
import { FIRST_NAMES, LAST_NAMES } from '@freemarket/demo';
import { openDatabase } from '@freemarket/db';

/**
 * Writes the social benchmark's data into a database of its own, through the social service's own
 * migrations: N members in the users projection; N events over 36 calendar months (24 before the
 * current one, 11 after it) with their RSVPs; N projects over the last three years across every
 * category and status, each with its creator as first participant and up to 8 others; the
 * directory's skills of 8 categories and N tutorials filed under them, with saves. Each table is filled by one INSERT … SELECT over generate_series,
 * the secondary indexes are built after the rows, then everything is vacuumed and analysed. A
 * database already holding the same counts under the same latest migration and DATA_VERSION is
 * reused; BENCH_REGENERATE=1 makes it again.
 *
 *   node --import tsx bench/social/generate.ts   (BENCH_EVENTS, BENCH_PROJECTS, BENCH_TUTORIALS, BENCH_MEMBERS, BENCH_REGENERATE, BENCH_DATABASE_URL)
 */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fm_bench_social';
const migrationsFolder = fileURLToPath(new URL('../../services/social/src/db/migrations', import.meta.url));

export interface SocialData {
  events: number;
  projects: number;
  tutorials: number;
  members: number;
}

/** What a run needs to know about the generated data. */
export interface Generated extends SocialData {
  attendees: number;
  participants: number;
  saves: number;
  /** The first instant of the first month with events, and of the month after the last. */
  eventsFrom: Date;
  eventsTo: Date;
  /** The skill categories' ids, in order. */
  skillCategoryIds: string[];
}

/** Members' ids: the users projection keeps identity's ids as text. */
export const memberId = (n: number) => `bench-member-${n}`;

/** Bumped whenever the generator writes different rows, so data an older one made is made again. */
const DATA_VERSION = 2;

const MONTHS_BEFORE = 24;
const MONTHS_AFTER = 12;
const THREE_YEARS_MS = 3 * 365 * 24 * 3600 * 1000;

/** The directory's skill categories (as `skill.upserted` describes them) and the skills each has. */
const SKILL_CATEGORIES = ['Home Repair', 'Gardening', 'Cooking', 'Woodworking', 'Sewing & Textiles', 'Electronics', 'Bicycle & Auto', 'Arts & Crafts'] as const;
const SKILL_TOPICS = ['Basics', 'Tools', 'Safety', 'Repairs', 'Projects', 'Techniques', 'Materials', 'Planning', 'Maintenance', 'Finishing', 'Troubleshooting', 'Advanced'] as const;

const EVENT_TITLES = [
  'Repair café',
  'Community garden workday',
  'Neighbourhood clean-up',
  'Farmers market',
  'Small business workshop',
  'Seed swap',
  'Pottery class for beginners',
  'Food bank volunteer shift',
  'Book club',
  'Bike maintenance clinic',
  'Town hall on the new bus routes',
  'Kids coding afternoon',
] as const;
const PLACES = ['Central Library, room 2', 'Riverside Park pavilion', 'Community Hall', 'Maple Street Garden', 'Online', 'St. Mark’s basement', 'Makerspace on 5th'] as const;
const SENTENCES = [
  'Bring your own tools if you have them; we have spares for everyone else.',
  'Everyone is welcome, no experience needed.',
  'Coffee and snacks are on the house thanks to our sponsors.',
  'We will split into small groups and rotate every half hour.',
  'Parking is limited, so please walk, cycle or take the bus.',
  'Children are welcome with an adult.',
  'We are looking for volunteers to help set up an hour early.',
  'The session is recorded and shared with members afterwards.',
] as const;
const PROJECT_TITLES = [
  'Tool library for the east side',
  'Solar panels for the community centre',
  'After-school tutoring co-op',
  'Petition for safer crossings on Main Street',
  'Pop-up market for local makers',
  'Rainwater barrels for every garden',
  'Neighbourhood emergency contact list',
  'Micro-loans for first-time founders',
] as const;

export async function ensureSocialData(wanted: SocialData, options: { regenerate?: boolean; url?: string; log?: (line: string) => void } = {}): Promise<Generated> {
  const url = options.url ?? BENCH_DATABASE_URL;
  const log = options.log ?? console.log;
  await createDatabaseIfMissing(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const existing = await generatedBefore(client);
    // Data made under an older schema (another migration) is made again.
    const same =
      existing &&
      existing.events === wanted.events &&
      existing.projects === wanted.projects &&
      existing.tutorials === wanted.tutorials &&
      existing.members === wanted.members &&
      existing.dataVersion === DATA_VERSION;
    if (same && !options.regenerate && existing.migration === (await migrationHash())) {
      log(
        `the benchmark database already holds ${wanted.events.toLocaleString('en-US')} events, ${wanted.projects.toLocaleString('en-US')} projects and ` +
          `${wanted.tutorials.toLocaleString('en-US')} tutorials: reusing them (BENCH_REGENERATE=1 makes them again)`,
      );
      return existing;
    }
    // A fresh schema from the service's own migrations, whatever an earlier (perhaps interrupted) run left.
    await client.query('drop schema if exists social cascade; drop schema if exists bench cascade');
    const database = await openDatabase({ url, poolMax: 2 });
    try {
      await database.migrate({ migrationsFolder, schema: 'social' });
    } finally {
      await database.close();
    }
    return await generate(client, wanted, log);
  } finally {
    await client.end();
  }
}

async function generatedBefore(client: pg.Client): Promise<(Generated & { migration: string; dataVersion: number | null }) | undefined> {
  const { rows } = await client.query<{ exists: boolean }>(`select to_regclass('bench.generated') is not null as exists`);
  if (!rows[0]!.exists) return undefined;
  const found = await client.query<{
    events: number;
    projects: number;
    tutorials: number;
    members: number;
    attendees: number;
    participants: number;
    saves: number;
    events_from: Date;
    events_to: Date;
    skill_category_ids: string[];
    data_version?: number;
  }>('select * from bench.generated');
  const row = found.rows[0];
  const applied = await client.query<{ hash: string }>('select hash from social.__migrations order by created_at desc limit 1').catch(() => ({ rows: [] }));
  return (
    row && {
      events: row.events,
      projects: row.projects,
      tutorials: row.tutorials,
      members: row.members,
      attendees: row.attendees,
      participants: row.participants,
      saves: row.saves,
      eventsFrom: row.events_from,
      eventsTo: row.events_to,
      skillCategoryIds: row.skill_category_ids,
      migration: applied.rows[0]?.hash ?? '',
      dataVersion: row.data_version ?? null,
    }
  );
}

async function generate(client: pg.Client, wanted: SocialData, log: (line: string) => void): Promise<Generated> {
  const { events, projects, tutorials, members } = wanted;
  const started = Date.now();
  const step = async (label: string, fn: () => Promise<unknown>) => {
    const t = Date.now();
    await fn();
    log(`  ${label}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  log(
    `generating ${members.toLocaleString('en-US')} members, ${events.toLocaleString('en-US')} events, ${projects.toLocaleString('en-US')} projects, ` +
      `${tutorials.toLocaleString('en-US')} tutorials…`,
  );
  await client.query(`set maintenance_work_mem = '512MB'`);
  // The secondary indexes are built once after the load, much faster than maintained row by row.
  const indexes = await dropSecondaryIndexes(client, ['events', 'event_attendees', 'projects', 'project_participants', 'diy_content', 'saved_tutorials']);
  // The foreign keys hold by construction (child rows name parents by the same bench.uid); checking
  // each of millions of rows one trigger at a time would take most of the load's time.
  await client.query(`set session_replication_role = replica`);
  // bench.h: non-negative pseudo-random integers from the row number, so every generation spreads
  // hosts, dates and categories alike. bench.uid: a valid version-4 uuid from a kind and a number,
  // so child rows name their parent without a join.
  await client.query(`
    create schema bench;
    create function bench.h(n bigint, salt bigint) returns bigint language sql immutable parallel safe
      as $$ select hashint8extended(n, salt) & 9223372036854775807 $$;
    create function bench.uid(kind text, n bigint) returns uuid language sql immutable parallel safe
      as $$ select overlay(overlay(md5(kind || ':' || n) placing '4' from 13) placing '8' from 17)::uuid $$;
    create table bench.generated (
      events int, projects int, tutorials int, members int, attendees int, participants int, saves int,
      events_from timestamptz, events_to timestamptz, skill_category_ids uuid[], data_version int, generated_at timestamptz default now())`);

  await step('members', () =>
    client.query(
      `insert into social.users (id, email, first_name, last_name, contact_info_is_public, updated_at, profile_updated_at)
       select 'bench-member-' || n, 'member' || n || '@bench.freemarket.local',
         ($2::text[])[1 + bench.h(n, 1) % cardinality($2::text[])], ($3::text[])[1 + bench.h(n, 2) % cardinality($3::text[])],
         bench.h(n, 3) % 5 <> 0, now(), now()
       from generate_series(1, $1::int) n`,
      [members, FIRST_NAMES, LAST_NAMES],
    ),
  );

  // Whole calendar months (UTC) around now; event n at n spacings from the start plus less than one,
  // so dates are spread evenly and the heap is in date order, as events are mostly created in the
  // weeks before they happen. Each was created 1-60 days before its date, and not after now.
  const now = new Date();
  const eventsFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - MONTHS_BEFORE, 1));
  const eventsTo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + MONTHS_AFTER, 1));
  const spacingMs = Math.floor((eventsTo.getTime() - eventsFrom.getTime()) / events);
  // RSVPs: most events have 0-2, one in a hundred is popular with 20-200; a tenth of them cancelled.
  // Attendee i of event n is member (h + 7919·i) mod members: distinct for a prime stride. Loaded
  // before the events, so each event row is written once with its kept count of standing RSVPs
  // (the service keeps it from then on) and the heap stays in date order.
  await step('event attendees', () =>
    client.query(
      `insert into social.event_attendees (event_id, user_id, created_at, cancelled_at)
       select bench.uid('event', n), 'bench-member-' || (1 + (bench.h(n, 20) + i * 7919) % $2),
         e.created_at + i * interval '1 hour',
         case when bench.h(n * 256 + i, 21) % 10 = 0 then e.created_at + i * interval '1 hour' + interval '2 days' end
       from generate_series(0, $1::int - 1) n
       cross join lateral (select $3::timestamptz + n * $4::bigint * interval '1 millisecond' - interval '30 days' as created_at) e
       cross join lateral generate_series(1, case when bench.h(n, 22) % 100 = 0 then 20 + bench.h(n, 23) % 181 else bench.h(n, 24) % 3 end::int) i`,
      [events, members, eventsFrom, spacingMs],
    ),
  );
  await client.query('analyze social.event_attendees');
  await step('events', () =>
    client.query(
      `insert into social.events (id, host_user_id, title, description, event_date, location, attendee_count, created_at, updated_at)
       select bench.uid('event', n), 'bench-member-' || (1 + bench.h(n, 10) % $2), ($5::text[])[1 + bench.h(n, 11) % cardinality($5::text[])],
         case when bench.h(n, 12) % 4 > 0 then ($6::text[])[1 + bench.h(n, 13) % cardinality($6::text[])] || ' ' || ($6::text[])[1 + bench.h(n, 14) % cardinality($6::text[])] end,
         d.at, ($7::text[])[1 + bench.h(n, 15) % cardinality($7::text[])],
         (select count(*) from social.event_attendees a where a.event_id = bench.uid('event', n) and a.cancelled_at is null), c.at, c.at
       from generate_series(0, $1::int - 1) n
       cross join lateral (select $3::timestamptz + (n * $4::bigint + bench.h(n, 16) % $4::bigint) * interval '1 millisecond' as at) d
       cross join lateral (select least(now(), d.at - (1 + bench.h(n, 17) % 60) * interval '1 day') as at) c`,
      [events, members, eventsFrom, spacingMs, EVENT_TITLES, SENTENCES, PLACES],
    ),
  );

  // Projects over the last three years, oldest first; categories even, statuses 60/25/15; each
  // counts the participants the next steps give it: its creator and bench.h(n, 41) % 9 others.
  const projectSpacingMs = Math.floor(THREE_YEARS_MS / projects);
  await step('projects', () =>
    client.query(
      `insert into social.projects (id, creator_id, title, description, category, status, goals, target_date, participant_count, created_at, updated_at)
       select bench.uid('project', n), 'bench-member-' || (1 + bench.h(n, 30) % $2), ($5::text[])[1 + bench.h(n, 31) % cardinality($5::text[])],
         ($6::text[])[1 + bench.h(n, 32) % cardinality($6::text[])] || ' ' || ($6::text[])[1 + bench.h(n, 33) % cardinality($6::text[])],
         ($7::text[])[1 + bench.h(n, 34) % cardinality($7::text[])],
         case when bench.h(n, 35) % 20 < 12 then $8 when bench.h(n, 35) % 20 < 17 then $9 else $10 end,
         case when bench.h(n, 36) % 2 = 0 then ($6::text[])[1 + bench.h(n, 37) % cardinality($6::text[])] end,
         case when bench.h(n, 38) % 3 = 0 then (c.at + (30 + bench.h(n, 39) % 300) * interval '1 day')::date end,
         1 + (bench.h(n, 41) % 9)::int, c.at, c.at
       from generate_series(0, $1::int - 1) n
       cross join lateral (select now() - $3::bigint * interval '1 millisecond' + n * $4::bigint * interval '1 millisecond' as at) c`,
      [projects, members, THREE_YEARS_MS, projectSpacingMs, PROJECT_TITLES, SENTENCES, PROJECT_CATEGORIES, ...PROJECT_STATUSES],
    ),
  );
  // The creator is a project's first participant, as the service makes them (and migration 0012
  // made them of older projects); then 0-8 others (4 on average), joined an hour apart after it
  // started. Other i of project n is member (creator + 7919·i) mod members: never the creator and
  // all distinct, as 7919 is prime and the members (more than 8) are not a multiple of it.
  await step('project participants', async () => {
    await client.query(
      `insert into social.project_participants (project_id, user_id, role, joined_at)
       select id, creator_id, 'creator', created_at from social.projects`,
    );
    await client.query(
      `insert into social.project_participants (project_id, user_id, role, joined_at)
       select bench.uid('project', n), 'bench-member-' || (1 + (bench.h(n, 30) + i * 7919) % $2), 'collaborator',
         now() - $3::bigint * interval '1 millisecond' + n * $4::bigint * interval '1 millisecond' + i * interval '1 hour'
       from generate_series(0, $1::int - 1) n
       cross join lateral generate_series(1, (bench.h(n, 41) % 9)::int) i`,
      [projects, members, THREE_YEARS_MS, projectSpacingMs],
    );
  });

  const skillCategoryIds = (
    await client.query<{ id: string }>(`select bench.uid('skill-category', c) as id from generate_series(0, $1::int - 1) c order by c`, [SKILL_CATEGORIES.length])
  ).rows.map((r) => r.id);
  await step('skills and tutorials', async () => {
    await client.query(
      `insert into social.skills (id, name, category_id, category_name)
       select bench.uid('skill', c * cardinality($2::text[]) + t), ($1::text[])[1 + c] || ': ' || ($2::text[])[1 + t], bench.uid('skill-category', c), ($1::text[])[1 + c]
       from generate_series(0, cardinality($1::text[]) - 1) c cross join generate_series(0, cardinality($2::text[]) - 1) t`,
      [SKILL_CATEGORIES, SKILL_TOPICS],
    );
    // Over the last three years, oldest first, each under a random skill and that skill's category; a third free.
    await client.query(
      `insert into social.diy_content (id, creator_id, title, description, video_url, duration, price, is_free, skill_id, category_id, view_count, created_at)
       select bench.uid('tutorial', n), 'bench-member-' || (1 + bench.h(n, 50) % $2),
         ($5::text[])[1 + s.skill / $6::int] || ': ' || ($7::text[])[1 + s.skill % $6::int] || ' #' || n,
         ($8::text[])[1 + bench.h(n, 51) % cardinality($8::text[])], 'https://videos.bench.freemarket.local/' || n || '.mp4',
         60 + bench.h(n, 52) % 3540, case when s.free then 0 else (100 + bench.h(n, 53) % 4900) / 100.0 end, s.free,
         bench.uid('skill', s.skill), bench.uid('skill-category', s.skill / $6::int), bench.h(n, 54) % 1000,
         now() - $3::bigint * interval '1 millisecond' + n * $4::bigint * interval '1 millisecond'
       from generate_series(0, $1::int - 1) n
       cross join lateral (select (bench.h(n, 55) % (cardinality($5::text[]) * $6::int))::int as skill, bench.h(n, 56) % 3 = 0 as free) s`,
      [tutorials, members, THREE_YEARS_MS, Math.floor(THREE_YEARS_MS / tutorials), SKILL_CATEGORIES, SKILL_TOPICS.length, SKILL_TOPICS, SENTENCES],
    );
    // Four saves a member on average.
    await client.query(
      `insert into social.saved_tutorials (user_id, tutorial_id, saved_at)
       select 'bench-member-' || m, bench.uid('tutorial', bench.h(m * 16 + i, 57) % $2), now() - (bench.h(m * 16 + i, 58) % 1000) * interval '1 hour'
       from generate_series(1, $1::int) m cross join lateral generate_series(1, (bench.h(m, 59) % 9)::int) i
       on conflict do nothing`,
      [members, tutorials],
    );
  });
  await client.query(`set session_replication_role = origin`);
  await step(`${indexes.length} secondary indexes`, async () => {
    for (const definition of indexes) await client.query(definition);
  });
  await step('vacuum analyze', () =>
    client.query(
      'vacuum analyze social.users, social.events, social.event_attendees, social.projects, social.project_participants, social.skills, social.diy_content, social.saved_tutorials',
    ),
  );
  const count = async (table: string) => Number((await client.query<{ n: string }>(`select count(*) as n from social.${table}`)).rows[0]!.n);
  const generated: Generated = {
    ...wanted,
    attendees: await count('event_attendees'),
    participants: await count('project_participants'),
    saves: await count('saved_tutorials'),
    eventsFrom,
    eventsTo,
    skillCategoryIds,
  };
  await client.query(
    `insert into bench.generated (events, projects, tutorials, members, attendees, participants, saves, events_from, events_to, skill_category_ids, data_version)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [events, projects, tutorials, members, generated.attendees, generated.participants, generated.saves, eventsFrom, eventsTo, skillCategoryIds, DATA_VERSION],
  );
  log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return generated;
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

/** The tables' non-unique indexes, dropped now and returned to be built after the rows. */
async function dropSecondaryIndexes(client: pg.Client, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
     where i.schemaname = 'social' and i.tablename = any($1) and not x.indisunique`,
    [tables],
  );
  for (const r of rows) await client.query(`drop index social.${pg.escapeIdentifier(r.name)}`);
  return rows.map((r) => r.def);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  await ensureSocialData(
    { events: count('BENCH_EVENTS', 1_000_000), projects: count('BENCH_PROJECTS', 100_000), tutorials: count('BENCH_TUTORIALS', 200_000), members: count('BENCH_MEMBERS', 50_000) },
    { regenerate: process.env.BENCH_REGENERATE === '1' },
  );
}
