import { z } from 'zod';
import { rewardActionSchema } from './rewards.js';

/** Subject prefix of every event; the JetStream stream captures `<prefix>.>`. */
export const EVENT_SUBJECT_PREFIX = 'freemarket';

const userId = z.string().min(1).max(255);
const uuid = z.uuid();
const money = z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, 'a decimal with at most two decimals');

/** What `profile.created` and `profile.updated` carry (the directory publishes both). */
const profileEventData = z.object({
  profileId: uuid,
  userId,
  isServiceProvider: z.boolean(),
  isNonProfit: z.boolean(),
  isPoliticalCandidate: z.boolean(),
  isCommunityMember: z.boolean(),
  itemsForSaleIsPublic: z.boolean().optional(),
  eventsIsPublic: z.boolean().optional(),
  contactInfoIsPublic: z.boolean().optional(),
});

/**
 * Every event the platform publishes, by type, with the schema of its `data`.
 * Producers and consumers both import this map; nobody writes a subject by hand.
 */
export const eventSchemas = {
  'user.upserted': z.object({
    id: userId,
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
  /**
   * Identity, when a member deletes their account: every service erases that member's rows in its
   * own schema, or anonymises them where another member or the books still need the record.
   */
  'user.deleted': z.object({ id: userId }),
  /**
   * A member's profile, with its kinds (commerce lets donations reach political candidates) and the
   * privacy of the sections other services serve: items for sale (commerce), events (social) and
   * contact information (every service's member summaries). A flag absent from an event from
   * before it existed means public.
   */
  'profile.created': profileEventData,
  'profile.updated': profileEventData,
  'review.created': z.object({ reviewId: uuid, reviewerId: userId, revieweeId: userId, rating: z.number().int().min(1).max(5) }),
  'review.updated': z.object({ reviewId: uuid, reviewerId: userId, revieweeId: userId, rating: z.number().int().min(1).max(5) }),
  /**
   * The directory, at every start, for each skill of its catalogue: services that file things under
   * a skill (social's tutorials) keep its name and category from these.
   */
  'skill.upserted': z.object({ skillId: uuid, name: z.string(), categoryId: uuid, categoryName: z.string() }),
  'referral.created': z.object({ referralId: uuid, referrerId: userId, businessName: z.string() }),
  'connection.requested': z.object({ connectionId: uuid, requesterId: userId, addresseeId: userId }),
  'connection.accepted': z.object({ connectionId: uuid, requesterId: userId, addresseeId: userId }),
  'connection.removed': z.object({ connectionId: uuid, requesterId: userId, addresseeId: userId }),
  /** Social, when the addressee declines a pending request; the requester may ask again after the cooldown. */
  'connection.declined': z.object({ connectionId: uuid, requesterId: userId, addresseeId: userId }),
  'post.created': z.object({ postId: uuid, userId }),
  /** Social, when a member answers a survey; rewards credits the responder once per survey. */
  'survey.response.created': z.object({ responseId: uuid, surveyId: uuid, responderId: userId }),
  /** Social, on an RSVP; rewards credits the attendee once per event. */
  'event.attended': z.object({ eventId: uuid, userId }),
  /**
   * Social, when a standing RSVP ends before its event: the member cancelled it (`cancelled`), or
   * the host deleted the event or their account (`event_deleted`, one per attendee). Rewards takes back its credit.
   */
  'event.attendance.cancelled': z.object({ eventId: uuid, userId, reason: z.enum(['cancelled', 'event_deleted']) }),
  /** Social, when a member joins a project; rewards credits them once per project, re-joining included. */
  'project.joined': z.object({ projectId: uuid, userId }),
  'project.left': z.object({ projectId: uuid, userId }),
  /**
   * Social, when a tutorial (DIY content) is published: rewards credits the creator, commerce keeps
   * its title and price to sell enrolments at that price. `title`, `price` and `isFree` are absent
   * from events from before they were carried; commerce sells no enrolment in such a tutorial.
   * Tutorials are not edited; a deleted member's go with them (`user.deleted`).
   */
  'tutorial.created': z.object({ tutorialId: uuid, creatorId: userId, title: z.string().optional(), price: money.optional(), isFree: z.boolean().optional() }),
  'message.created': z.object({ messageId: uuid, senderId: userId, receiverId: userId }),
  /**
   * Commerce, once the card payment provider confirms a payment; rewards credits the payer per
   * whole dollar. `tutorialId`, present when the payment bought a tutorial: social enrols the buyer.
   */
  'payment.succeeded': z.object({
    transactionId: uuid,
    buyerId: userId,
    sellerId: userId,
    amount: money,
    type: z.enum(['purchase', 'donation', 'transfer']),
    tutorialId: uuid.optional(),
  }),
  /**
   * Commerce, when Stripe refunds some or all of a card payment; `amountRefunded` is the total
   * refunded so far, so a late or repeated event never takes back more. `succeededAnnounced`:
   * `payment.succeeded` was emitted for it before (rewards waits for its credit then). `tutorialId`,
   * present when the payment bought a tutorial: a full refund ends the buyer's enrolment (social).
   */
  'payment.refunded': z.object({
    transactionId: uuid,
    buyerId: userId,
    sellerId: userId,
    amount: money,
    amountRefunded: money,
    type: z.enum(['purchase', 'donation', 'transfer']),
    succeededAnnounced: z.boolean(),
    tutorialId: uuid.optional(),
  }),
  /** Commerce, for every transaction stored; a `manual` one is unverified and earns no points. */
  'transaction.recorded': z.object({
    transactionId: uuid,
    buyerId: userId,
    sellerId: userId,
    amount: money,
    type: z.enum(['purchase', 'donation', 'transfer']),
    source: z.enum(['manual', 'stripe']),
  }),
  'item.listed': z.object({ itemId: uuid, userId }),
  /** Points were added to a member's balance; `balance` is the balance after this credit. */
  'reward.credited': z.object({
    rewardTransactionId: uuid,
    userId,
    amount: z.number().int().positive(),
    action: rewardActionSchema,
    relatedId: z.string().nullable(),
    balance: z.number().int(),
    sourceEventId: uuid,
  }),
} as const;

export type EventType = keyof typeof eventSchemas;
export const eventTypes = Object.keys(eventSchemas) as EventType[];
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

/** The envelope every event travels in (ARCHITECTURE §4). */
export const envelopeSchema = z.object({
  id: uuid,
  type: z.string(),
  occurredAt: z.iso.datetime({ offset: true }),
  producer: z.string(),
  data: z.unknown(),
  /** W3C trace context, carried into message headers by the bus. */
  traceparent: z.string().optional(),
});
export type RawEnvelope = z.infer<typeof envelopeSchema>;

export type Envelope<T extends EventType = EventType> = {
  [K in T]: Omit<RawEnvelope, 'type' | 'data'> & { type: K; data: EventData<K> };
}[T];

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}

/** Parses an untrusted envelope and its data; throws a ZodError naming what is wrong. */
export function parseEnvelope<T extends EventType>(raw: unknown, expected?: T): Envelope<T> {
  const env = envelopeSchema.parse(raw);
  if (!isEventType(env.type) || (expected && env.type !== expected)) {
    throw new z.ZodError([
      { code: 'custom', path: ['type'], message: `unexpected event type '${env.type}'`, input: env.type },
    ]);
  }
  const data = eventSchemas[env.type].parse(env.data);
  return { ...env, data } as Envelope<T>;
}

/** `freemarket.review.created`; the prefix is configurable so test runs never share subjects. */
export function subjectFor(type: EventType, prefix: string = EVENT_SUBJECT_PREFIX): string {
  return `${prefix}.${type}`;
}
