import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { newerThan, olderThan, queryRows, type DbOrTx, type TimeIdKey } from '@freemarket/db';
import type { SurveyQuestion, SurveyRecipientStatus } from '@freemarket/contracts';
import { connections, surveyRecipients, surveyResponses, surveys, type SurveyRecipientRow, type SurveyResponseRow, type SurveyRow } from '../db/schema/index.js';

export async function insertSurvey(
  db: DbOrTx,
  values: { creatorId: string; title: string; description: string | null; questions: SurveyQuestion[] },
): Promise<SurveyRow> {
  const [row] = await db.insert(surveys).values(values).returning();
  return row!;
}

export async function findSurvey(db: DbOrTx, id: string): Promise<SurveyRow | undefined> {
  const [row] = await db.select().from(surveys).where(eq(surveys.id, id)).limit(1);
  return row;
}

const surveyColumns = getTableColumns(surveys);

// Written out in full: drizzle leaves a lone table's columns unqualified, which the subquery would take as its own.
const recipientCount = sql<number>`(select count(*) from ${surveyRecipients} r where r.survey_id = ${surveys}.id)::int`;
const responseCount = sql<number>`(select count(*) from ${surveyResponses} r where r.survey_id = ${surveys}.id)::int`;

export type SurveyWithCounts = SurveyRow & { recipientCount: number; responseCount: number };

/** One page of a creator's surveys, newest first, with how many received and answered each. */
export function pageCreated(db: DbOrTx, creatorId: string, options: { after?: TimeIdKey; limit: number }): Promise<SurveyWithCounts[]> {
  const conditions: SQL[] = [eq(surveys.creatorId, creatorId)];
  if (options.after) conditions.push(olderThan(surveys.createdAt, surveys.id, options.after));
  return db
    .select({ ...surveyColumns, recipientCount, responseCount })
    .from(surveys)
    .where(and(...conditions))
    .orderBy(desc(surveys.createdAt), desc(surveys.id))
    .limit(options.limit + 1);
}

export async function countsOf(db: DbOrTx, surveyId: string): Promise<{ recipientCount: number; responseCount: number }> {
  const [row] = await db.select({ recipientCount, responseCount }).from(surveys).where(eq(surveys.id, surveyId));
  return row ?? { recipientCount: 0, responseCount: 0 };
}

/**
 * Sends the survey to every member its creator is connected to now, in one statement; members who
 * already have it are skipped by the unique (survey, recipient) index. Returns how many are new.
 */
export async function sendToConnections(db: DbOrTx, surveyId: string, creatorId: string): Promise<number> {
  const inserted = await queryRows<{ id: string }>(
    db,
    sql`insert into ${surveyRecipients} (survey_id, recipient_id)
        select ${surveyId}::uuid, case when ${connections.requesterId} = ${creatorId} then ${connections.addresseeId} else ${connections.requesterId} end
        from ${connections}
        where ${connections.status} = 'accepted' and (${connections.requesterId} = ${creatorId} or ${connections.addresseeId} = ${creatorId})
        on conflict do nothing
        returning id`,
  );
  return inserted.length;
}

export async function findRecipient(db: DbOrTx, surveyId: string, recipientId: string, options: { lock?: boolean } = {}): Promise<SurveyRecipientRow | undefined> {
  const query = db
    .select()
    .from(surveyRecipients)
    .where(and(eq(surveyRecipients.surveyId, surveyId), eq(surveyRecipients.recipientId, recipientId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function markCompleted(db: DbOrTx, recipientRowId: string): Promise<void> {
  await db.update(surveyRecipients).set({ status: 'completed', completedAt: new Date() }).where(eq(surveyRecipients.id, recipientRowId));
}

export type ReceivedRow = { recipient: SurveyRecipientRow; survey: SurveyRow };

/** One page of a member's inbox, newest first, with each survey. */
export async function pageReceived(
  db: DbOrTx,
  recipientId: string,
  options: { status?: SurveyRecipientStatus; after?: TimeIdKey; limit: number },
): Promise<(ReceivedRow & { createdAt: Date; id: string })[]> {
  const conditions: SQL[] = [eq(surveyRecipients.recipientId, recipientId)];
  if (options.status) conditions.push(eq(surveyRecipients.status, options.status));
  if (options.after) conditions.push(olderThan(surveyRecipients.createdAt, surveyRecipients.id, options.after));
  const rows = await db
    .select({ recipient: surveyRecipients, survey: surveys })
    .from(surveyRecipients)
    .innerJoin(surveys, eq(surveys.id, surveyRecipients.surveyId))
    .where(and(...conditions))
    .orderBy(desc(surveyRecipients.createdAt), desc(surveyRecipients.id))
    .limit(options.limit + 1);
  return rows.map((r) => ({ ...r, createdAt: r.recipient.createdAt, id: r.recipient.id }));
}

/** The response, or undefined when the member has answered already (a concurrent second answer included). */
export async function insertResponse(db: DbOrTx, values: { surveyId: string; responderId: string; answers: Record<string, string> }): Promise<SurveyResponseRow | undefined> {
  const [row] = await db.insert(surveyResponses).values(values).onConflictDoNothing().returning();
  return row;
}

/** One page of a survey's responses, oldest first. */
export function pageResponses(db: DbOrTx, surveyId: string, options: { after?: TimeIdKey; limit: number }): Promise<SurveyResponseRow[]> {
  const conditions: SQL[] = [eq(surveyResponses.surveyId, surveyId)];
  if (options.after) conditions.push(newerThan(surveyResponses.createdAt, surveyResponses.id, options.after));
  return db
    .select()
    .from(surveyResponses)
    .where(and(...conditions))
    .orderBy(asc(surveyResponses.createdAt), asc(surveyResponses.id))
    .limit(options.limit + 1);
}

/** A question id as a SQL literal: ids are ours (base64url), and GROUP BY must see the same expression as the select list. */
function questionKey(id: string): SQL {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new Error(`not a question id: ${JSON.stringify(id)}`);
  return sql.raw(`'${id}'`);
}

/**
 * In one pass over the survey's responses: how often each answer was given to each question with
 * a fixed set of answers (`tallied`, one grouping set each), and how many answered each of the
 * others (`answer` null). Reading only the answers asked for keeps long text answers out of it.
 */
export async function tallyAnswers(
  db: DbOrTx,
  surveyId: string,
  tallied: readonly string[],
  counted: readonly string[],
): Promise<{ questionId: string; answer: string | null; count: number }[]> {
  if (tallied.length === 0 && counted.length === 0) return [];
  const answerOf = (id: string) => sql`(${surveyResponses.answers} ->> ${questionKey(id)})`;
  const columns = [
    ...tallied.flatMap((id, i) => [sql`${answerOf(id)} as a${sql.raw(String(i))}`, sql`grouping(${answerOf(id)}) as g${sql.raw(String(i))}`]),
    ...counted.map((id, j) => sql`count(*) filter (where ${surveyResponses.answers} ? ${questionKey(id)}) as t${sql.raw(String(j))}`),
    sql`count(*) as n`,
  ];
  const sets = [...tallied.map((id) => sql`(${answerOf(id)})`), sql`()`];
  const rows = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select ${sql.join(columns, sql`, `)} from ${surveyResponses} where ${surveyResponses.surveyId} = ${surveyId} group by grouping sets (${sql.join(sets, sql`, `)})`,
  );
  const out: { questionId: string; answer: string | null; count: number }[] = [];
  for (const row of rows) {
    const set = tallied.findIndex((_, i) => Number(row[`g${i}`]) === 0);
    if (set >= 0) {
      const answer = row[`a${set}`];
      if (answer !== null && answer !== undefined) out.push({ questionId: tallied[set]!, answer: String(answer), count: Number(row.n) });
    } else {
      counted.forEach((id, j) => out.push({ questionId: id, answer: null, count: Number(row[`t${j}`]) }));
    }
  }
  return out;
}

/** The latest answers to each text question, newest first, up to `limit` each. */
export async function latestTextAnswers(db: DbOrTx, surveyId: string, questionIds: readonly string[], limit: number) {
  if (questionIds.length === 0) return [];
  const rows = await queryRows<{ question_id: string; answer: string; created_at: string }>(db, sql`
    select q.id as question_id, a.answer, a.created_at
    from unnest(${sql.param(questionIds)}::text[]) as q(id)
    cross join lateral (
      select ${surveyResponses.answers} ->> q.id as answer, ${surveyResponses.createdAt} as created_at
      from ${surveyResponses}
      where ${surveyResponses.surveyId} = ${surveyId} and ${surveyResponses.answers} ? q.id
      order by ${surveyResponses.createdAt} desc, ${surveyResponses.id} desc
      limit ${limit}
    ) as a`);
  return rows.map((r) => ({ questionId: r.question_id, answer: r.answer, createdAt: new Date(r.created_at) }));
}
