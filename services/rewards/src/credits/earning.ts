import type { EarningAction, EventData, EventType, NotCreditedReason } from '@freemarket/contracts';

/** What one event would earn one member, before the daily cap and the once-per-thing rule. */
export interface Earning {
  userId: string;
  action: EarningAction;
  /** The thing earned for: a second event about the same thing earns nothing more. */
  relatedId: string;
  points: number;
  description: string;
  /** Set when the event can never earn, whatever the day's count. */
  refused?: NotCreditedReason;
}

/** The events that earn points (spec 02 §9). */
export const EARNING_EVENT_TYPES = [
  'review.created',
  'referral.created',
  'event.attended',
  'survey.response.created',
  'project.joined',
  'tutorial.created',
  'payment.succeeded',
] as const satisfies readonly EventType[];
export type EarningEventType = (typeof EARNING_EVENT_TYPES)[number];

/** How one event type earns: one file per subject under events/consumers. */
export interface EarningRule<T extends EarningEventType> {
  type: T;
  toEarning(data: EventData<T>): Earning;
}

/** Whole dollars of a money string ('12.99' → 12), without floating point. */
export function wholeDollars(amount: string): number {
  return Number.parseInt(amount.split('.')[0] ?? '0', 10);
}

/** The UTC day an event happened on: its daily cap counts there, the same on any replay. */
export function utcDay(occurredAt: string): string {
  return new Date(occurredAt).toISOString().slice(0, 10);
}
