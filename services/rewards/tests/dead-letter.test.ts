import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import type { Msg, NatsConnection } from '@nats-io/nats-core';
import { jetstream } from '@nats-io/jetstream';
import { DLQ_HEADERS, dlqSubjectFor } from '@freemarket/bus';
import { subjectFor } from '@freemarket/contracts';
import { testInfra, waitFor } from '@freemarket/testing';
import { needs } from '@freemarket/testing/needs';
import type { TestProducer } from './fixtures/producer/test-producer.js';
import { balanceOf, startProducer, startRewards, waitProcessed, type RewardsUnderTest } from './_util.js';

let sut: RewardsUnderTest;
let producer: TestProducer;
let nc: NatsConnection;

needs('nats', 'raw messages published to JetStream and the dead-letter subject').describe('malformed events', () => {
  beforeAll(async () => {
    sut = await startRewards();
    producer = await startProducer(sut);
    nc = await connect({ servers: testInfra().natsUrl! });
  });
  afterAll(async () => {
    await nc?.close();
    await producer?.close();
    await sut?.stop();
  });

  it('go to the dead-letter subject with the reason, and the consumer goes on crediting', async () => {
    const prefix = sut.config.bus.subjectPrefix;
    const deadLetters: Msg[] = [];
    const sub = nc.subscribe(dlqSubjectFor('rewards', 'review.created', prefix), { callback: (_err, msg) => void deadLetters.push(msg) });
    await nc.flush();

    const js = jetstream(nc);
    const subject = subjectFor('review.created', prefix);
    await js.publish(subject, 'this is not {json', { msgID: randomUUID() });
    const brokenId = randomUUID();
    const broken = { id: brokenId, type: 'review.created', occurredAt: new Date().toISOString(), producer: 'test', data: { reviewId: 'nope', reviewerId: 'dev-x', rating: 11 } };
    await js.publish(subject, JSON.stringify(broken), { msgID: brokenId });

    const reviewer = `dev-after-poison-${randomUUID().slice(0, 8)}`;
    const good = await producer.emit('review.created', { reviewId: randomUUID(), reviewerId: reviewer, revieweeId: 'dev-someone', rating: 4 });
    await waitProcessed(sut.service.runtime.db, [good.id]);
    expect((await balanceOf(sut, reviewer)).balance).toBe(10);

    await waitFor('both malformed events dead-lettered', () => deadLetters.length === 2);
    expect(deadLetters.map((m) => m.headers?.get(DLQ_HEADERS.reason))).toEqual(['malformed', 'malformed']);
    expect(deadLetters.map((m) => m.headers?.get(DLQ_HEADERS.consumer))).toEqual(['rewards', 'rewards']);
    expect(deadLetters.map((m) => m.string())).toContain('this is not {json');
    expect(deadLetters.find((m) => m.string() !== 'this is not {json')?.headers?.get(DLQ_HEADERS.error)).toMatch(/reviewId|revieweeId|rating/);
    sub.unsubscribe();
  });
});
