import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { newerThan, olderThan, queryRows, type DbOrTx, type TimeIdKey } from '@freemarket/db';
import type { SurveyQuestion, SurveyRecipientStatus } from '@freemarket/contracts';
import {
  ANSWERED,
  connections,
  surveyAnswerCounts,
  surveyRecipients,
  surveyResponses,
  surveys,
  type SurveyAnswerCountRow,
  type SurveyRecipientRow,
  type SurveyResponseRow,
  type SurveyRow,
} from '../db/schema/index.js';

export async function insertSurvey(
  db: DbOrTx,
  values: { creatorId: string; title: string; description: string | null; questions: SurveyQuestion[] },
): Promise<SurveyRow> {
  const [row] = await db.insert(surveys).values(values).returning();
  return row!;
}

export async function findSurvey(db: DbOrTx, id: string, options: { lock?: boolean } = {}): Promise<SurveyRow | undefined> {
  const query = db.select().from(surveys).where(eq(surveys.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/**
 * Locks, in id order, every survey the member made, received or answered. A member's deletion takes
 * them before it erases anything of a survey, so two deletions sharing surveys run one after the
 * other instead of each holding some while it waits for the other's.
 */
export async function lockSurveysOf(db: DbOrTx, memberId: string): Promise<void> {
  await db.execute(sql`select s.id from ${surveys} s
    where s.creator_id = ${memberId}
      or s.id in (select survey_id from ${surveyRecipients} where recipient_id = ${memberId})
      or s.id in (select survey_id from ${surveyResponses} where responder_id = ${memberId})
    order by s.id for update of s`);
}

/** One page of a creator's surveys, newest first, each with its kept recipient and response counts. */
export function pageCreated(db: DbOrTx, creatorId: string, options: { after?: TimeIdKey; limit: number }): Promise<SurveyRow[]> {
  const conditions: SQL[] = [eq(surveys.creatorId, creatorId)];
  if (options.after) conditions.push(olderThan(surveys.createdAt, surveys.id, options.after));
  return db
    .select()
    .from(surveys)
    .where(and(...conditions))
    .orderBy(desc(surveys.createdAt), desc(surveys.id))
    .limit(options.limit + 1);
}

/**
 * Sends the survey to every member its creator is connected to now and counts the new recipients
 * on the survey, in one statement; members who already have it are skipped by the unique (survey,
 * recipient) index, so only the rows inserted are counted. Returns how many are new.
 */
export async function sendToConnections(db: DbOrTx, surveyId: string, creatorId: string): Promise<number> {
  const [row] = await queryRows<{ sent: number }>(
    db,
    sql`with sent as (
          insert into ${surveyRecipients} (survey_id, recipient_id)
          select ${surveyId}::uuid, case when ${connections.requesterId} = ${creatorId} then ${connections.addresseeId} else ${connections.requesterId} end
          from ${connections}
          where ${connections.status} = 'accepted' and (${connections.requesterId} = ${creatorId} or ${connections.addresseeId} = ${creatorId})
          on conflict do nothing
          returning 1
        ), counted as (select count(*)::int as n from sent)
        update ${surveys} s set recipient_count = s.recipient_count + counted.n
        from counted
        where s.id = ${surveyId} and counted.n > 0
        returning counted.n as sent`,
  );
  // No row back when nobody was new: the survey is left unwritten.
  return row?.sent ?? 0;
}

/** Erases a member's place among recipients and takes it out of their surveys' recipient counts; run it after `lockSurveysOf`. */
export async function forgetRecipients(db: DbOrTx, recipientId: string): Promise<void> {
  await db.execute(sql`with gone as (delete from ${surveyRecipients} where recipient_id = ${recipientId} returning survey_id)
    update ${surveys} s set recipient_count = s.recipient_count - g.n
    from (select survey_id, count(*)::int as n from gone group by survey_id) g
    where s.id = g.survey_id`);
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

/**
 * The tally rows of the responses `where` picks (alias `r`): per survey, question and answer, how
 * many gave it; a text question's answers count under `ANSWERED`. Ordered, so concurrent writers
 * take the rows' locks in one order.
 */
function tallyKeys(where: SQL): SQL {
  return sql`select r.survey_id, q ->> 'id' as question_id,
      case when q ->> 'type' = 'text' then ${ANSWERED}::text else r.answers ->> (q ->> 'id') end as answer,
      count(*)::int as count
    from ${surveyResponses} r
    join ${surveys} s on s.id = r.survey_id
    cross join lateral jsonb_array_elements(s.questions) q
    where ${where} and r.answers ? (q ->> 'id')
    group by 1, 2, 3
    order by 1, 2, 3`;
}

/** Counts a stored response in its survey's totals; run it in the transaction that locked the survey (`findSurvey` with `lock`). */
export async function countResponse(db: DbOrTx, response: { id: string; surveyId: string }): Promise<void> {
  await db
    .update(surveys)
    .set({ responseCount: sql`${surveys.responseCount} + 1` })
    .where(eq(surveys.id, response.surveyId));
  await db.execute(sql`insert into ${surveyAnswerCounts} (survey_id, question_id, answer, count)
    ${tallyKeys(sql`r.id = ${response.id}`)}
    on conflict (survey_id, question_id, answer) do update set count = ${surveyAnswerCounts}.count + excluded.count`);
}

/** Erases a member's responses and takes them out of their surveys' totals; run it after `lockSurveysOf`. */
export async function forgetResponses(db: DbOrTx, responderId: string): Promise<void> {
  await db.execute(sql`update ${surveys} s set response_count = s.response_count - g.n
    from (select survey_id, count(*)::int as n from ${surveyResponses} where responder_id = ${responderId} group by survey_id) g
    where s.id = g.survey_id`);
  await db.execute(sql`update ${surveyAnswerCounts} c set count = c.count - k.count
    from (${tallyKeys(sql`r.responder_id = ${responderId}`)}) k
    where c.survey_id = k.survey_id and c.question_id = k.question_id and c.answer = k.answer`);
  await db.delete(surveyResponses).where(eq(surveyResponses.responderId, responderId));
}

/** Counts a survey's recipients and responses afresh, as the migrations that added the totals did; for data loaded by SQL. */
export async function recountSurvey(db: DbOrTx, surveyId: string): Promise<void> {
  await db.execute(sql`update ${surveys} s set
      recipient_count = (select count(*) from ${surveyRecipients} r where r.survey_id = s.id),
      response_count = (select count(*) from ${surveyResponses} r where r.survey_id = s.id)
    where s.id = ${surveyId}`);
  await db.delete(surveyAnswerCounts).where(eq(surveyAnswerCounts.surveyId, surveyId));
  await db.execute(sql`insert into ${surveyAnswerCounts} (survey_id, question_id, answer, count) ${tallyKeys(sql`r.survey_id = ${surveyId}`)}`);
}

/** A survey's totals: one row per question and answer given. */
export function readTallies(db: DbOrTx, surveyId: string): Promise<Pick<SurveyAnswerCountRow, 'questionId' | 'answer' | 'count'>[]> {
  return db
    .select({ questionId: surveyAnswerCounts.questionId, answer: surveyAnswerCounts.answer, count: surveyAnswerCounts.count })
    .from(surveyAnswerCounts)
    .where(eq(surveyAnswerCounts.surveyId, surveyId));
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
