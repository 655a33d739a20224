import { REWARD_RULES, type EarningAction, type Envelope, type EventData, type EventType, type NotCreditedReason } from '@freemarket/contracts';

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

/** One event's earning, waiting to be decided. */
export interface Claim {
  event: Pick<Envelope, 'id' | 'occurredAt'>;
  earning: Earning;
}

/** What the members of a batch had earned before it, as far as its claims are concerned. */
export interface PriorCredits {
  /** The things already decided, credited or not, by `thingKey`. */
  decided: ReadonlySet<string>;
  /** Credits so far per member, action and UTC day, by `dayKey`. */
  creditedPerDay: ReadonlyMap<string, number>;
}

export type Decision =
  | { kind: 'credited'; claim: Claim; day: string }
  /** Recorded with no points; it still counts as the decision for its thing. */
  | { kind: 'not-credited'; claim: Claim; day: string; reason: NotCreditedReason }
  /** The member already has a decision for this thing: nothing is written. */
  | { kind: 'duplicate'; claim: Claim };

/**
 * The earning rule (spec 02 §9): one decision per member and thing, ever; a refused earning is
 * recorded without using up the day's cap; past an action's daily cap (counted on the UTC day the
 * event happened, so a replay decides the same) the rest of that day is recorded as capped. Claims
 * are decided one after another in the order their events happened, then by event id.
 */
export function decideEarnings(prior: PriorCredits, claims: readonly Claim[]): Decision[] {
  const decided = new Set(prior.decided);
  const creditedPerDay = new Map(prior.creditedPerDay);
  return inOrderOfOccurrence(claims).map((claim): Decision => {
    const { earning } = claim;
    const thing = thingKey(earning);
    if (decided.has(thing)) return { kind: 'duplicate', claim };
    decided.add(thing);
    const day = utcDay(claim.event.occurredAt);
    if (earning.refused) return { kind: 'not-credited', claim, day, reason: earning.refused };
    const counted = dayKey(earning.userId, earning.action, day);
    const sofar = creditedPerDay.get(counted) ?? 0;
    const cap = REWARD_RULES[earning.action].dailyCap;
    if (cap !== null && sofar >= cap) return { kind: 'not-credited', claim, day, reason: 'daily_cap' };
    creditedPerDay.set(counted, sofar + 1);
    return { kind: 'credited', claim, day };
  });
}

/** The events that take back (some of) a credit: a refund, an RSVP ended before its event. */
export const TAKE_BACK_EVENT_TYPES = ['payment.refunded', 'event.attendance.cancelled'] as const satisfies readonly EventType[];
export type TakeBackEventType = (typeof TAKE_BACK_EVENT_TYPES)[number];

/** What one event takes back of one earlier credit. */
export interface TakeBack {
  userId: string;
  action: EarningAction;
  /** The thing whose credit goes back, as its earning named it. */
  relatedId: string;
  /** The points this credit should have lost in all once the event is applied; 'all' for the whole credit. */
  total: number | 'all';
  description: string;
  /** Whether the credit was announced: while it is undecided, the event waits for it instead of taking nothing. */
  creditAnnounced: boolean;
}

/** How one event type takes back: one file per subject under events/consumers. */
export interface TakeBackRule<T extends TakeBackEventType> {
  type: T;
  toTakeBack(data: EventData<T>): TakeBack;
}

/**
 * The points to take back now (spec 02 §9 earns once per thing, so it also loses once): up to the
 * wanted total, never more than the thing was credited, less what earlier take-backs of it took, so
 * a repeat or a replay takes nothing. The balance never goes below zero; what it cannot cover is
 * written off. A take-back gives nothing back either: the thing stays decided (answering yes
 * again to the same event earns nothing) and the day's cap stays used.
 */
export function pointsToTakeBack(takeBack: Pick<TakeBack, 'total'>, credit: { credited: number; takenSoFar: number; balance: number }): number {
  const wanted = takeBack.total === 'all' ? credit.credited : Math.min(takeBack.total, credit.credited);
  return Math.max(0, Math.min(wanted - credit.takenSoFar, credit.balance));
}

/** The key of a thing a member earns for once. */
export function thingKey(thing: { userId: string; action: string; relatedId: string }): string {
  return JSON.stringify([thing.userId, thing.action, thing.relatedId]);
}

/** The key of a member's credits for one action on one UTC day. */
export function dayKey(userId: string, action: string, day: string): string {
  return JSON.stringify([userId, action, day]);
}

/** Whole dollars of a money string ('12.99' → 12), without floating point. */
export function wholeDollars(amount: string): number {
  return Number.parseInt(amount.split('.')[0] ?? '0', 10);
}

/** The UTC day an event happened on: its daily cap counts there, the same on any replay. */
export function utcDay(occurredAt: string): string {
  return new Date(occurredAt).toISOString().slice(0, 10);
}

function inOrderOfOccurrence(claims: readonly Claim[]): Claim[] {
  const at = new Map(claims.map((c) => [c, Date.parse(c.event.occurredAt)]));
  return [...claims].sort((a, b) => at.get(a)! - at.get(b)! || (a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0));
}
