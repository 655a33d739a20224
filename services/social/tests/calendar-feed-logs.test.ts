import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '@freemarket/contracts';
import { captureLogs, startServiceForTest } from '@freemarket/testing';
import { createSocialService, loadSocialConfig } from '../src/index.js';
import { call, seedMembers, type SocialUnderTest } from './_util.js';

let sut: SocialUnderTest;
const logs = captureLogs('social');
beforeAll(async () => {
  sut = await startServiceForTest({ name: 'social', loadConfig: loadSocialConfig, create: (config, overrides) => createSocialService(config, { ...overrides, logger: logs.logger }) });
});
afterAll(() => sut?.stop());

describe('a private calendar feed in the logs', () => {
  it('is served to its address while the request line names the address without its token', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const { status, body: feed } = await call<CalendarFeed>(sut, ada!.id, 'POST', '/api/events/calendar-feed');
    expect(status).toBe(201);
    const token = /^\/api\/events\/calendar\/(.+)\.ics$/.exec(feed.path)?.[1];
    expect(token).toBeTruthy();

    const polled = await fetch(`${sut.url}${feed.path}`);
    expect(polled.status).toBe(200);
    expect(await polled.text()).toContain('BEGIN:VCALENDAR');

    const requests = logs.lines.map((line) => JSON.parse(line) as { msg: string; url?: string }).filter((l) => l.msg === 'request');
    expect(requests.map((l) => l.url)).toContain('/api/events/calendar/[redacted]');
    expect(logs.lines.join('')).not.toContain(token!);
  });
});
