import type {
  CreatedSurvey,
  CreatedSurveyPage,
  CreateSurveyInput,
  ListCreatedSurveysQuery,
  ListReceivedSurveysQuery,
  ListSurveyResponsesQuery,
  ReceivedSurveyPage,
  SendSurveyResult,
  SubmitSurveyResponseBody,
  SurveyResponse,
  SurveyResponsePage,
  SurveyResults,
} from '@freemarket/contracts';
import { paginate, type DbOrTx } from '@freemarket/db';
import { ConflictError, InvalidRequestError, NotFoundError, readCursor, type Actor, type ServiceRuntime } from '@freemarket/kit';
import type { SurveyRow } from '../db/schema/index.js';
import { memberNames } from '../users/summaries.js';
import { toCreatedSurvey, toReceivedSurvey, toSurveyResponse } from './dto.js';
import {
  countResponse,
  findRecipient,
  findSurvey,
  insertResponse,
  insertSurvey,
  markCompleted,
  pageCreated,
  pageReceived,
  pageResponses,
  sendToConnections,
} from './repository.js';
import { surveyResults } from './results.js';
import { decideAnswers, withQuestionIds } from './rules.js';

/** Surveys (spec 02 §2): written by a member, sent to their connections, answered once by each. */
export class SurveyService {
  constructor(private readonly runtime: ServiceRuntime) {}

  async create(actor: Actor, input: CreateSurveyInput): Promise<CreatedSurvey> {
    const row = await insertSurvey(this.runtime.db, {
      creatorId: actor.userId,
      title: input.title,
      description: input.description,
      questions: withQuestionIds(input.questions),
    });
    return toCreatedSurvey(row);
  }

  async listCreated(actor: Actor, query: ListCreatedSurveysQuery): Promise<CreatedSurveyPage> {
    const rows = await pageCreated(this.runtime.db, actor.userId, { after: readCursor(query.cursor), limit: query.limit });
    const page = paginate(rows, query.limit);
    return { items: page.items.map(toCreatedSurvey), nextCursor: page.nextCursor };
  }

  async listReceived(actor: Actor, query: ListReceivedSurveysQuery): Promise<ReceivedSurveyPage> {
    const rows = await pageReceived(this.runtime.db, actor.userId, { status: query.status, after: readCursor(query.cursor), limit: query.limit });
    const page = paginate(rows, query.limit);
    const nameOf = await memberNames(this.runtime.db, page.items.map((r) => r.survey.creatorId));
    return { items: page.items.map((r) => toReceivedSurvey(r, nameOf)), nextCursor: page.nextCursor };
  }

  /** Sends to the creator's connections of this moment; those who have it already are not sent it again. */
  async send(actor: Actor, id: string): Promise<SendSurveyResult> {
    const survey = await this.ownSurvey(this.runtime.db, actor, id);
    return { count: await sendToConnections(this.runtime.db, survey.id, actor.userId) };
  }

  /** A recipient answers once, every question, each answer of its type; rewards credits them through the event. */
  async respond(actor: Actor, id: string, input: SubmitSurveyResponseBody): Promise<SurveyResponse> {
    const row = await this.runtime.transaction(async (tx, emit) => {
      // The survey before its recipient row, in the order a member's deletion takes them (`lockSurveysOf`).
      const survey = await findSurvey(tx, id, { lock: true });
      const recipient = survey && (await findRecipient(tx, id, actor.userId, { lock: true }));
      if (!survey || !recipient) throw new NotFoundError('Survey not found');
      if (recipient.status === 'completed') throw new ConflictError('You have already answered this survey');
      if (!survey.isActive) throw new ConflictError('This survey is closed');
      const decision = decideAnswers(survey.questions, input.answers);
      if (decision.kind === 'invalid') throw new InvalidRequestError(`body.answers.${decision.questionId}: ${decision.message}`);
      const saved = await insertResponse(tx, { surveyId: id, responderId: actor.userId, answers: decision.answers });
      if (!saved) throw new ConflictError('You have already answered this survey');
      await countResponse(tx, saved);
      await markCompleted(tx, recipient.id);
      await emit('survey.response.created', { responseId: saved.id, surveyId: id, responderId: actor.userId });
      return saved;
    });
    return toSurveyResponse(row, await memberNames(this.runtime.db, [row.responderId]));
  }

  async responses(actor: Actor, id: string, query: ListSurveyResponsesQuery): Promise<SurveyResponsePage> {
    await this.ownSurvey(this.runtime.db, actor, id);
    const rows = await pageResponses(this.runtime.db, id, { after: readCursor(query.cursor), limit: query.limit });
    const page = paginate(rows, query.limit);
    const nameOf = await memberNames(this.runtime.db, page.items.map((r) => r.responderId));
    return { items: page.items.map((r) => toSurveyResponse(r, nameOf)), nextCursor: page.nextCursor };
  }

  async results(actor: Actor, id: string): Promise<SurveyResults> {
    const survey = await this.ownSurvey(this.runtime.db, actor, id);
    return surveyResults(this.runtime.db, survey);
  }

  /** The creator's own survey; anyone else's looks missing (STYLE §7). */
  private async ownSurvey(db: DbOrTx, actor: Actor, id: string): Promise<SurveyRow> {
    const survey = await findSurvey(db, id);
    if (!survey || survey.creatorId !== actor.userId) throw new NotFoundError('Survey not found');
    return survey;
  }
}
