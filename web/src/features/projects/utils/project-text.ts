import type { Project } from '@freemarket/contracts';
import { localCalendarDate } from '../../../lib/calendar-date';
import { GOALS_PREVIEW_LENGTH, PROJECT_CATEGORY_LABELS } from './constants';

/** The category's label, or the project's own text when its category is Other (spec 02 §2). */
export function categoryText(project: Pick<Project, 'category' | 'customCategory'>): string {
  return project.category === 'other' && project.customCategory ? project.customCategory : PROJECT_CATEGORY_LABELS[project.category];
}

/** The goals cut at 100 characters, with an ellipsis when cut. */
export function goalsPreview(goals: string): string {
  return goals.length > GOALS_PREVIEW_LENGTH ? `${goals.slice(0, GOALS_PREVIEW_LENGTH).trimEnd()}...` : goals;
}

export function participantsText(count: number): string {
  return `${count} ${count === 1 ? 'participant' : 'participants'}`;
}

const TARGET_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * A calendar date ('2026-03-05') as 'Mar 5, 2026'. Read as a local date: `new Date('2026-03-05')`
 * is midnight UTC, the day before west of Greenwich.
 */
export function calendarDateText(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return TARGET_DATE.format(new Date(y ?? 0, (m ?? 1) - 1, d ?? 1));
}

/**
 * An active project whose target date is before today on the member's calendar. Both are calendar
 * dates in 'YYYY-MM-DD', compared as text: no time of day or zone comes into it.
 */
export function isOverdue(project: Pick<Project, 'status' | 'targetDate'>, today: string = localCalendarDate()): boolean {
  return project.status === 'active' && project.targetDate !== null && project.targetDate < today;
}

/** Only an active project takes new participants (the server answers 409 to any other). */
export function takesParticipants(project: Pick<Project, 'status'>): boolean {
  return project.status === 'active';
}
