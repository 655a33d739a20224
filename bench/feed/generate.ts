import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createSurveyBodySchema } from '@freemarket/contracts';
import { FIRST_NAMES, LAST_NAMES } from '@freemarket/demo';
import { openDatabase, type Db } from '@freemarket/db';
import { recountSurvey } from '../../services/social/src/surveys/repository.js';
import { withQuestionIds } from '../../services/social/src/surveys/rules.js';

/**
 * Writes the feed benchmark's data into a database of its own, through the social service's own
 * migrations: N members in the users projection, N posts by them spread over two years (each
 * created_at distinct), and one survey sent to its creator's connections and answered by N of them,
 * with its totals (recipients, responses, answers) counted as the migrations that added them count them.
 * Each table is filled by one INSERT … SELECT over generate_series, the posts' secondary indexes are
 * built after the rows, then everything is vacuumed and analysed. A database already holding the
 * same counts under the same latest migration is reused; BENCH_REGENERATE=1 makes it again.
 *
 *   node --import tsx bench/feed/generate.ts     (BENCH_POSTS, BENCH_MEMBERS, BENCH_RESPONSES, BENCH_REGENERATE, BENCH_DATABASE_URL)
 */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fm_bench_feed';
const migrationsFolder = fileURLToPath(new URL('../../services/social/src/db/migrations', import.meta.url));

export interface FeedData {
  posts: number;
  members: number;
  responses: number;
}

/** What a run needs to know about the generated data. */
export interface Generated extends FeedData {
  surveyId: string;
  creatorId: string;
}

/** Members' ids: the users projection keeps identity's ids as text. */
export const memberId = (n: number) => `bench-member-${n}`;
/** The survey's creator; responders are the members after them. */
const CREATOR = 1;
/** Recipients who have not answered yet, beyond the responders: a sent survey is rarely answered by all. */
const PENDING_SHARE = 0.2;
const TWO_YEARS_MS = 730 * 24 * 3600 * 1000;

/** Sentences posts and text answers are made of: a few per post, so lengths vary from about 40 to 400 characters. */
const SENTENCES = [
  'Looking for someone to help fix a leaking kitchen faucet this weekend.',
  'Our community garden is giving away tomato seedlings on Saturday morning.',
  'Thanks to everyone who came to the repair café, we fixed 23 toasters!',
  'Does anyone know a good electrician who takes small jobs?',
  'I can tutor high school maths in exchange for help with my website.',
  'The food bank needs volunteers for the Tuesday evening shift.',
  'New pottery class starting next month, beginners welcome.',
  'Lost a grey cat near the library, answers to Pepper.',
  'Selling a barely used bicycle, message me if you are interested.',
  'Great turnout at the neighbourhood clean-up, see you all next time.',
  'Who else is going to the farmers market on Sunday?',
  'I have spare firewood for anyone who needs it before the cold snap.',
  'Our non-profit is looking for a bookkeeper for a few hours a week.',
  'Happy to share my notes from the small business workshop.',
  'The bus schedule changes next week, check the route map before you leave.',
  'Can someone recommend a plumber who works evenings?',
] as const;

const SURVEY = createSurveyBodySchema.parse({
  title: 'How is FreeMarket working for you?',
  description: 'Five quick questions about the marketplace.',
  questions: [
    { type: 'multiple_choice', question: 'How did you hear about FreeMarket?', options: ['A friend', 'Social media', 'A local event', 'A search engine'] },
    { type: 'rating', question: 'How would you rate the marketplace overall?' },
    { type: 'yes_no', question: 'Would you recommend FreeMarket to a neighbour?' },
    { type: 'multiple_choice', question: 'Which part do you use most?', options: ['Feed', 'Map', 'Messages', 'Events', 'Rewards'] },
    { type: 'text', question: 'What should we build next?' },
  ],
});

export async function ensureFeedData(wanted: FeedData, options: { regenerate?: boolean; url?: string; log?: (line: string) => void } = {}): Promise<Generated> {
  const url = options.url ?? BENCH_DATABASE_URL;
  const log = options.log ?? console.log;
  await createDatabaseIfMissing(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const existing = await generatedBefore(client);
    // Data made under an older schema (another migration) is made again.
    const same = existing && existing.posts === wanted.posts && existing.members === wanted.members && existing.responses === wanted.responses;
    if (same && !options.regenerate && existing.migration === (await migrationHash())) {
      log(`the benchmark database already holds ${wanted.posts.toLocaleString('en-US')} posts: reusing them (BENCH_REGENERATE=1 makes them again)`);
      return existing;
    }
    // A fresh schema from the service's own migrations, whatever an earlier (perhaps interrupted) run left.
    await client.query('drop schema if exists social cascade; drop schema if exists bench cascade');
    const database = await openDatabase({ url, poolMax: 2 });
    try {
      await database.migrate({ migrationsFolder, schema: 'social' });
      return await generate(client, database.db, wanted, log);
    } finally {
      await database.close();
    }
  } finally {
    await client.end();
  }
}

async function generatedBefore(client: pg.Client): Promise<(Generated & { migration: string }) | undefined> {
  const { rows } = await client.query<{ exists: boolean }>(`select to_regclass('bench.generated') is not null as exists`);
  if (!rows[0]!.exists) return undefined;
  const found = await client.query<{ posts: number; members: number; responses: number; survey_id: string; creator_id: string }>(
    'select posts, members, responses, survey_id, creator_id from bench.generated',
  );
  const row = found.rows[0];
  const applied = await client.query<{ hash: string }>('select hash from social.__migrations order by created_at desc limit 1').catch(() => ({ rows: [] }));
  return row && { posts: row.posts, members: row.members, responses: row.responses, surveyId: row.survey_id, creatorId: row.creator_id, migration: applied.rows[0]?.hash ?? '' };
}

async function generate(client: pg.Client, db: Db, wanted: FeedData, log: (line: string) => void): Promise<Generated> {
  const { posts, members, responses } = wanted;
  const recipients = Math.min(members - CREATOR, Math.ceil(responses * (1 + PENDING_SHARE)));
  if (responses > recipients) throw new Error(`${responses} responses need more than ${members} members`);
  const started = Date.now();
  const step = async (label: string, fn: () => Promise<unknown>) => {
    const t = Date.now();
    await fn();
    log(`  ${label}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  log(`generating ${members.toLocaleString('en-US')} members, ${posts.toLocaleString('en-US')} posts, a survey with ${responses.toLocaleString('en-US')} responses…`);
  await client.query(`set maintenance_work_mem = '512MB'`);
  // The feed's indexes are built once after the load, much faster than maintained row by row.
  const indexes = await dropSecondaryIndexes(client);
  // Non-negative pseudo-random integers from the row number: every generation spreads authors, texts and answers alike.
  await client.query(`
    create schema bench;
    create function bench.h(n bigint, salt bigint) returns bigint language sql immutable parallel safe
      as $$ select hashint8extended(n, salt) & 9223372036854775807 $$;
    create table bench.generated (posts int, members int, responses int, survey_id uuid, creator_id text, generated_at timestamptz default now())`);

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

  // Two years of posts, oldest first as they were written: post n at n spacings from the start plus
  // less than one spacing, so every created_at is distinct and the heap is in time order.
  const spacingMs = Math.floor(TWO_YEARS_MS / posts);
  if (spacingMs < 2) throw new Error(`${posts} posts do not fit two years at distinct milliseconds`);
  await step('posts', () =>
    client.query(
      `insert into social.posts (id, user_id, content, created_at)
       select gen_random_uuid(),
         'bench-member-' || (1 + bench.h(n, 10) % $2),
         ($4::text[])[1 + bench.h(n, 11) % cardinality($4::text[])]
           || case when bench.h(n, 12) % 3 > 0 then ' ' || ($4::text[])[1 + bench.h(n, 13) % cardinality($4::text[])] else '' end
           || case when bench.h(n, 14) % 4 = 0 then E'\\n\\n' || ($4::text[])[1 + bench.h(n, 15) % cardinality($4::text[])] else '' end
           || case when bench.h(n, 16) % 8 = 0 then ' ' || ($4::text[])[1 + bench.h(n, 17) % cardinality($4::text[])] else '' end,
         now() - interval '730 days' + (n * $3::bigint + bench.h(n, 18) % $3::bigint) * interval '1 millisecond'
       from generate_series(1, $1::int) n`,
      [posts, members, spacingMs, SENTENCES],
    ),
  );
  await step(`${indexes.length} feed indexes`, async () => {
    for (const definition of indexes) await client.query(definition);
  });

  // The survey: member CREATOR's, sent a month ago to the members after them; the first `responses` answered.
  const questions = withQuestionIds(SURVEY.questions);
  const [choice, rating, yesNo, part, text] = questions;
  const surveyId = (
    await client.query<{ id: string }>(
      `insert into social.surveys (creator_id, title, description, questions, created_at) values ($1, $2, $3, $4::jsonb, now() - interval '30 days') returning id`,
      [memberId(CREATOR), SURVEY.title, SURVEY.description, JSON.stringify(questions)],
    )
  ).rows[0]!.id;
  await step('survey responses', async () => {
    await client.query(
      `insert into social.survey_responses (survey_id, responder_id, answers, created_at)
       select $1::uuid, 'bench-member-' || ($2::int + n),
         jsonb_build_object(
           $4::text, ($5::text[])[1 + bench.h(n, 20) % cardinality($5::text[])],
           $6::text, (1 + bench.h(n, 21) % 5)::text,
           $7::text, case when bench.h(n, 22) % 3 = 0 then 'no' else 'yes' end,
           $8::text, ($9::text[])[1 + bench.h(n, 23) % cardinality($9::text[])],
           $10::text, ($11::text[])[1 + bench.h(n, 24) % cardinality($11::text[])]),
         now() - interval '30 days' + n * interval '2 minutes'
       from generate_series(1, $3::int) n`,
      [surveyId, CREATOR, responses, choice!.id, choice!.options, rating!.id, yesNo!.id, part!.id, part!.options, text!.id, SENTENCES],
    );
    await client.query(
      `insert into social.survey_recipients (survey_id, recipient_id, status, created_at, completed_at)
       select $1::uuid, 'bench-member-' || ($2::int + n), case when n <= $3 then 'completed' else 'pending' end,
         now() - interval '30 days', case when n <= $3 then now() - interval '30 days' + n * interval '2 minutes' end
       from generate_series(1, $4::int) n`,
      [surveyId, CREATOR, responses, recipients],
    );
    // The service keeps a survey's totals as it is sent and answered; rows loaded by SQL are counted as the migrations count them.
    await recountSurvey(db, surveyId);
  });
  await step('vacuum analyze', () => client.query('vacuum analyze social.users, social.posts, social.surveys, social.survey_recipients, social.survey_responses, social.survey_answer_counts'));
  await client.query('insert into bench.generated (posts, members, responses, survey_id, creator_id) values ($1, $2, $3, $4, $5)', [
    posts,
    members,
    responses,
    surveyId,
    memberId(CREATOR),
  ]);
  log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { posts, members, responses, surveyId, creatorId: memberId(CREATOR) };
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

/** The posts' non-unique indexes (the feed's and the author's), dropped now and returned to be built after the rows. */
async function dropSecondaryIndexes(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string; def: string }>(`
    select i.indexname as name, i.indexdef as def from pg_indexes i
    join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
    where i.schemaname = 'social' and i.tablename = 'posts' and not x.indisunique`);
  for (const r of rows) await client.query(`drop index social.${pg.escapeIdentifier(r.name)}`);
  return rows.map((r) => r.def);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  await ensureFeedData(
    { posts: count('BENCH_POSTS', 1_000_000), members: count('BENCH_MEMBERS', 50_000), responses: count('BENCH_RESPONSES', 10_000) },
    { regenerate: process.env.BENCH_REGENERATE === '1' },
  );
}
