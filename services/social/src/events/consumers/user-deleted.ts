import { eq, or } from 'drizzle-orm';
import type { Tx } from '@freemarket/db';
import { forgetUser, type ConsumerHooks, type ServiceRuntime } from '@freemarket/kit';
import {
  calendarFeeds,
  connections,
  diyContent,
  events,
  memberProfiles,
  members,
  posts,
  projects,
  savedTutorials,
  surveys,
  tutorialEnrolments,
  tutorialViews,
} from '../../db/schema/index.js';
import { forgetAttendance, lockEventsOf, standingAttendanceAtUpcomingEventsOf } from '../../community-events/repository.js';
import { forgetParticipation, lockProjectsOf } from '../../projects/repository.js';
import { forgetRecipients, forgetResponses, lockSurveysOf } from '../../surveys/repository.js';
import { lockTutorialsOf } from '../../tutorials/repository.js';

/**
 * `user.deleted`: everything the member made (posts, surveys, events, projects, tutorials, with
 * what hangs off them by cascade) and every trace of them in others' things (connections either
 * way, answers, RSVPs, participations, saves, views and enrolments). A tutorial's view count stays a number.
 * The RSVPs to their events still ahead are announced as cancelled, as when the host deletes an event.
 */
export function consumeUserDeleted(runtime: ServiceRuntime): void {
  forgetUser(runtime, members, (tx, userId, _event, hooks) => eraseMember(tx, userId, hooks));
}

/**
 * The erasure itself, in the consumer's transaction. Surveys, events, projects and tutorials shared with another member
 * are locked in id order before any is written, so two members deleted at once cannot deadlock.
 */
export async function eraseMember(tx: Tx, userId: string, { emit }: Pick<ConsumerHooks, 'emit'>): Promise<void> {
  await tx.delete(connections).where(or(eq(connections.requesterId, userId), eq(connections.addresseeId, userId)));
  await tx.delete(posts).where(eq(posts.userId, userId));
  await lockSurveysOf(tx, userId);
  await tx.delete(surveys).where(eq(surveys.creatorId, userId));
  await forgetRecipients(tx, userId);
  await forgetResponses(tx, userId);
  await lockEventsOf(tx, userId);
  const cancelled = await standingAttendanceAtUpcomingEventsOf(tx, userId);
  await tx.delete(events).where(eq(events.hostUserId, userId));
  await emit.all('event.attendance.cancelled', cancelled.map((rsvp) => ({ ...rsvp, reason: 'event_deleted' as const })));
  await forgetAttendance(tx, userId);
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  await lockProjectsOf(tx, userId);
  await tx.delete(projects).where(eq(projects.creatorId, userId));
  await forgetParticipation(tx, userId);
  await lockTutorialsOf(tx, userId);
  await tx.delete(diyContent).where(eq(diyContent.creatorId, userId));
  await tx.delete(tutorialViews).where(eq(tutorialViews.userId, userId));
  await tx.delete(savedTutorials).where(eq(savedTutorials.userId, userId));
  await tx.delete(tutorialEnrolments).where(eq(tutorialEnrolments.userId, userId));
  await tx.delete(memberProfiles).where(eq(memberProfiles.userId, userId));
}
