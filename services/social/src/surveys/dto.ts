import type { CreatedSurvey, MemberName, ReceivedSurvey, Survey, SurveyResponse } from '@freemarket/contracts';
import type { SurveyResponseRow, SurveyRow } from '../db/schema/index.js';
import type { ReceivedRow } from './repository.js';

function toSurvey(row: SurveyRow): Survey {
  return { id: row.id, title: row.title, description: row.description, questions: row.questions, isActive: row.isActive, createdAt: row.createdAt.toISOString() };
}

export function toCreatedSurvey(row: SurveyRow): CreatedSurvey {
  return { ...toSurvey(row), recipientCount: row.recipientCount, responseCount: row.responseCount };
}

export function toReceivedSurvey({ recipient, survey }: ReceivedRow, nameOf: (id: string) => MemberName): ReceivedSurvey {
  return {
    id: recipient.id,
    survey: toSurvey(survey),
    creator: nameOf(survey.creatorId),
    status: recipient.status,
    receivedAt: recipient.createdAt.toISOString(),
    completedAt: recipient.completedAt?.toISOString() ?? null,
  };
}

export function toSurveyResponse(row: SurveyResponseRow, nameOf: (id: string) => MemberName): SurveyResponse {
  return { id: row.id, answers: row.answers, responder: nameOf(row.responderId), createdAt: row.createdAt.toISOString() };
}
