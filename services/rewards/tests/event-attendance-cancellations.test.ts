import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Envelope, EventData, EventType } from '@freemarket/contracts';
import { seedMembers } from '@freemarket/testing';
import { rewardTransactions, users } from '../src/db/schema/index.js';
import { activityOf, balanceOf, startRewards, waitProcessed, type RewardsUnderTest } from './_util.js';

let sut: RewardsUnderTest;

beforeAll(async () => {
  sut = await startRewards({ REWARDS_MAX_DELIVER: '10' });
});
afterAll(async () => {
  await sut?.stop();
});

const db = () => sut.service.runtime.db;

async function attendee(): Promise<string> {
  const [m] = await seedMembers(sut, users, 'Attendee');
  return m!.id;
}

/** Publishes as social's relay would, stamped `occurredAt` (now unless given), with its own id unless given. */
async function publish<T extends EventType>(type: T, data: EventData<T>, options: { id?: string; occurredAt?: string } = {}): Promise<Envelope<T>> {
  const event = { id: options.id ?? randomUUID(), type, occurredAt: options.occurredAt ?? new Date().toISOString(), producer: 'social', data } as Envelope<T>;
  await sut.bus.publish(event as Envelope);
  return event;
}

const rsvp = (userId: string, eventId: string, occurredAt?: string) => publish('event.attended', { eventId, userId }, { occurredAt });
const cancelRsvp = (userId: string, eventId: string, options: { id?: string; occurredAt?: string; reason?: 'cancelled' | 'event_deleted' } = {}) =>
  publish('event.attendance.cancelled', { eventId, userId, reason: options.reason ?? 'cancelled' }, options);

async function handled(...events: Envelope[]): Promise<void> {
  await waitProcessed(db(), events.map((e) => e.id), 30_000);
}

/** The event's rows in the member's reward history, oldest first. */
async function rowsFor(userId: string, eventId: string) {
  return db()
    .select({ type: rewardTransactions.type, amount: rewardTransactions.amount, credited: rewardTransactions.credited, description: rewardTransactions.description })
    .from(rewardTransactions)
    .where(and(eq(rewardTransactions.userId, userId), eq(rewardTransactions.relatedId, eventId)))
    .orderBy(rewardTransactions.createdAt);
}

describe('an RSVP cancelled before its event', () => {
  it('takes back the +15 it earned, once, however often the cancellation is delivered, and Recent Activity says so', async () => {
    const ada = await attendee();
    const eventId = randomUUID();
    await handled(await rsvp(ada, eventId));
    expect((await balanceOf(sut, ada)).balance).toBe(15);

    const cancelled = await cancelRsvp(ada, eventId);
    await handled(cancelled);
    // The same event again: JetStream's duplicate window passed, or a replay of social's outbox.
    await handled(await cancelRsvp(ada, eventId, { id: cancelled.id }));

    expect(await balanceOf(sut, ada)).toEqual({ balance: 0, lifetimeEarned: 0, lifetimeRedeemed: 0 });
    expect(await rowsFor(ada, eventId)).toEqual([
      { type: 'earn', amount: 15, credited: true, description: 'Attended an event' },
      { type: 'spend', amount: -15, credited: true, description: 'RSVP cancelled: points taken back' },
    ]);
    expect((await activityOf(sut, ada)).items[0]).toMatchObject({ type: 'spend', action: 'event_attendance', amount: -15, relatedId: eventId, description: 'RSVP cancelled: points taken back' });
  });

  it('earns nothing for answering yes again to the same event, and a second cancellation takes nothing more', async () => {
    const bo = await attendee();
    const eventId = randomUUID();
    await handled(await rsvp(bo, eventId), await publish('review.created', { reviewId: randomUUID(), reviewerId: bo, revieweeId: 'dev-reviewed', rating: 4 }));
    await handled(await cancelRsvp(bo, eventId));
    // Social announces a member's first RSVP to an event only; even announced again, the event has earned once.
    await handled(await rsvp(bo, eventId));
    await handled(await cancelRsvp(bo, eventId));
    expect((await balanceOf(sut, bo)).balance).toBe(10);
    expect((await rowsFor(bo, eventId)).map((r) => r.amount)).toEqual([15, -15]);
  });

  it('leaves nothing of five RSVPs cancelled in a day, and their credits still count against the day’s cap', async () => {
    const cy = await attendee();
    const day = '2026-03-14T';
    const events = Array.from({ length: 6 }, () => randomUUID());
    const fives = events.slice(0, 5);
    await handled(...(await Promise.all(fives.map((id, n) => rsvp(cy, id, `${day}09:0${n}:00.000Z`)))));
    await handled(...(await Promise.all(fives.map((id, n) => cancelRsvp(cy, id, { occurredAt: `${day}10:0${n}:00.000Z` })))));
    expect((await balanceOf(sut, cy)).balance).toBe(0);

    // A sixth the same day is over the cap: recorded without points, and its cancellation takes nothing.
    await handled(await publish('review.created', { reviewId: randomUUID(), reviewerId: cy, revieweeId: 'dev-reviewed', rating: 5 }));
    await handled(await rsvp(cy, events[5]!, `${day}11:00:00.000Z`));
    expect((await activityOf(sut, cy)).items[0]).toMatchObject({ action: 'event_attendance', amount: 0, credited: false, reason: 'daily_cap' });
    await handled(await cancelRsvp(cy, events[5]!, { occurredAt: `${day}12:00:00.000Z` }));
    expect(await balanceOf(sut, cy)).toEqual({ balance: 10, lifetimeEarned: 10, lifetimeRedeemed: 0 });
    expect(await rowsFor(cy, events[5]!)).toEqual([expect.objectContaining({ type: 'earn', amount: 0, credited: false })]);
  });

  it('waits for the RSVP’s credit when the cancellation is handled first', async () => {
    const di = await attendee();
    const eventId = randomUUID();
    const early = await cancelRsvp(di, eventId);
    // The cancellation's first delivery finds no credit yet and is offered again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const attended = await rsvp(di, eventId);
    await handled(attended, early);
    expect(await balanceOf(sut, di)).toMatchObject({ balance: 0, lifetimeEarned: 0 });
    expect((await rowsFor(di, eventId)).map((r) => r.amount)).toEqual([15, -15]);
  });
});

describe('an event deleted before it happens', () => {
  it('takes back each attendee’s +15, saying the host cancelled it, and leaves others’ points alone', async () => {
    const [ed, fay, gus] = await Promise.all([attendee(), attendee(), attendee()]);
    const eventId = randomUUID();
    const kept = randomUUID();
    await handled(await rsvp(ed, eventId), await rsvp(fay, eventId), await rsvp(gus, eventId), await rsvp(gus, kept));
    await handled(await cancelRsvp(ed, eventId, { reason: 'event_deleted' }), await cancelRsvp(fay, eventId, { reason: 'event_deleted' }));
    expect((await balanceOf(sut, ed)).balance).toBe(0);
    expect((await balanceOf(sut, fay)).balance).toBe(0);
    expect((await balanceOf(sut, gus)).balance).toBe(30);
    expect((await activityOf(sut, fay)).items[0]).toMatchObject({ type: 'spend', amount: -15, description: 'Event cancelled by its host: points taken back' });
  });
});
