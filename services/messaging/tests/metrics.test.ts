import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrapeMetrics, waitFor } from '@freemarket/testing';
import { deleteRedisKeys, openSocket, startMessaging, type MessagingUnderTest, type OpenedSocket } from './_util.js';

let sut: MessagingUnderTest;
const opened: OpenedSocket[] = [];

beforeAll(async () => {
  sut = await startMessaging();
});

afterAll(async () => {
  for (const { socket } of opened) socket.close();
  await sut?.stop();
  await deleteRedisKeys(sut?.redisKeyPrefix);
});

const connected = async () => (await scrapeMetrics(`${sut.url}/metrics`)).value('socketio_connected_sockets');

describe('/metrics of messaging', () => {
  it("should show the members' sockets connected to the instance, rising and falling as they come and go", async () => {
    expect(await connected()).toBe(0);
    for (let i = 0; i < 2; i++) opened.push(await openSocket(sut.url, await sut.as(randomUUID())));
    expect(await connected()).toBe(2);
    opened.pop()!.socket.close();
    await waitFor('the closed socket to leave the count', async () => (await connected()) === 1);
  });
});
