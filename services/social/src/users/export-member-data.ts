import { eq, or } from 'drizzle-orm';
import { serveMemberExport, type App } from '@freemarket/kit';
import {
  connections,
  diyContent,
  eventAttendees,
  events,
  posts,
  projectParticipants,
  projects,
  savedTutorials,
  surveyResponses,
  surveys,
} from '../db/schema/index.js';
import type { SocialContext } from '../context.js';
import { enrolmentsOf } from '../tutorials/enrolments.js';

/** The member's part of the account export. The calendar feed's secret address is left out: it is a key, not data. */
export function exportMemberData(app: App, ctx: SocialContext): void {
  serveMemberExport(app, ctx.runtime, {
    connections: (db, userId, limit) => db.select().from(connections).where(or(eq(connections.requesterId, userId), eq(connections.addresseeId, userId))).limit(limit),
    posts: (db, userId, limit) => db.select().from(posts).where(eq(posts.userId, userId)).limit(limit),
    surveys: (db, userId, limit) => db.select().from(surveys).where(eq(surveys.creatorId, userId)).limit(limit),
    surveyResponses: (db, userId, limit) => db.select().from(surveyResponses).where(eq(surveyResponses.responderId, userId)).limit(limit),
    eventsHosted: (db, userId, limit) => db.select().from(events).where(eq(events.hostUserId, userId)).limit(limit),
    eventsAttended: (db, userId, limit) => db.select().from(eventAttendees).where(eq(eventAttendees.userId, userId)).limit(limit),
    projectsCreated: (db, userId, limit) => db.select().from(projects).where(eq(projects.creatorId, userId)).limit(limit),
    projectsJoined: (db, userId, limit) => db.select().from(projectParticipants).where(eq(projectParticipants.userId, userId)).limit(limit),
    tutorials: (db, userId, limit) => db.select().from(diyContent).where(eq(diyContent.creatorId, userId)).limit(limit),
    savedTutorials: (db, userId, limit) => db.select().from(savedTutorials).where(eq(savedTutorials.userId, userId)).limit(limit),
    tutorialEnrolments: enrolmentsOf,
  });
}
