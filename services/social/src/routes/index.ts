import type { App } from '@freemarket/kit';
import type { SocialContext } from '../context.js';
import { deleteConnection } from './connections/delete-connection.js';
import { getConnectionStatus } from './connections/get-connection-status.js';
import { getConnections } from './connections/get-connections.js';
import { postConnection } from './connections/post-connection.js';
import { putConnection } from './connections/put-connection.js';
import { deletePost } from './posts/delete-post.js';
import { getPosts } from './posts/get-posts.js';
import { postPost } from './posts/post-post.js';
import { getCreatedSurveys } from './surveys/get-created-surveys.js';
import { getReceivedSurveys } from './surveys/get-received-surveys.js';
import { getSurveyResponses } from './surveys/get-survey-responses.js';
import { getSurveyResults } from './surveys/get-survey-results.js';
import { postSurveyResponse } from './surveys/post-survey-response.js';
import { postSurvey } from './surveys/post-survey.js';
import { sendSurvey } from './surveys/send-survey.js';

export function registerRoutes(app: App, ctx: SocialContext): void {
  postConnection(app, ctx);
  getConnections(app, ctx);
  getConnectionStatus(app, ctx);
  putConnection(app, ctx);
  deleteConnection(app, ctx);
  getPosts(app, ctx);
  postPost(app, ctx);
  deletePost(app, ctx);
  postSurvey(app, ctx);
  getCreatedSurveys(app, ctx);
  getReceivedSurveys(app, ctx);
  sendSurvey(app, ctx);
  postSurveyResponse(app, ctx);
  getSurveyResponses(app, ctx);
  getSurveyResults(app, ctx);
}
