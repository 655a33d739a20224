import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../src/app.js';
import { loggableUrl } from '../src/loggable-url.js';
import { createLogger } from '../src/logger.js';

const TOKEN = 'ziS4WWpTq0dJ3mV9xYbK2cR7nLh8AfEuGs1oPw5_aO4';

describe('loggableUrl', () => {
  it('replaces the token of a private calendar address', () => {
    expect(loggableUrl(`/api/events/calendar/${TOKEN}.ics`)).toBe('/api/events/calendar/[redacted]');
    expect(loggableUrl(`/api/events/calendar/${TOKEN}.ics?x=1`)).toBe('/api/events/calendar/[redacted]?x=1');
    expect(loggableUrl(`http://social:5003/api/events/calendar/${TOKEN}.ics`)).toBe('http://social:5003/api/events/calendar/[redacted]');
  });

  it('replaces it however the path is spelled', () => {
    for (const path of [`/api/events/%63alendar/${TOKEN}.ics`, `//api//events/calendar/${TOKEN}.ics`, `/API/Events/Calendar/${TOKEN}.ics`, `/api/x/../events/calendar/${TOKEN}`]) {
      expect(loggableUrl(path), path).not.toContain(TOKEN);
      expect(loggableUrl(path), path).toContain('[redacted]');
    }
  });

  it('replaces the code and state of a sign-in callback and keeps the other parameters', () => {
    expect(loggableUrl('/api/callback?code=abc123&state=xyz789&iss=http%3A%2F%2Flocalhost%3A5000%2Foidc')).toBe(
      '/api/callback?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Flocalhost%3A5000%2Foidc',
    );
    expect(loggableUrl('/api/callback?%63ode=abc123&STATE=xyz789&flag')).toBe('/api/callback?%63ode=[redacted]&STATE=[redacted]&flag');
    expect(loggableUrl('/x?access_token=t1&id_token=t2&page=2')).toBe('/x?access_token=[redacted]&id_token=[redacted]&page=2');
  });

  it('leaves other addresses as they are', () => {
    for (const url of ['/api/events/calendar-feed', '/api/events/42/ical', '/api/profiles/search?q=code&type=people', 'http://127.0.0.1:5000', '/api/events/calendar']) {
      expect(loggableUrl(url)).toBe(url);
    }
  });
});

describe('request lines', () => {
  let app: App;
  const lines: string[] = [];

  beforeAll(async () => {
    app = createApp({ logger: createLogger('test', 'info', {}, { write: (line: string) => void lines.push(line) }) });
    app.get('/api/events/calendar/:token', async () => 'BEGIN:VCALENDAR');
    await app.ready();
  });
  afterAll(() => app.close());

  it('carry no calendar token and no sign-in code, on a route, a 404 and a path the router refuses', async () => {
    expect((await app.inject({ url: `/api/events/calendar/${TOKEN}.ics` })).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/callback?code=${TOKEN}&state=${TOKEN}` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/events/calendar/${TOKEN}%zz.ics` })).statusCode).toBe(400);

    const requests = lines.map((line) => JSON.parse(line) as { msg: string; url?: string }).filter((l) => l.msg === 'request');
    expect(requests.map((l) => l.url)).toEqual(['/api/events/calendar/[redacted]', '/api/callback?code=[redacted]&state=[redacted]', '/api/events/calendar/[redacted]']);
    expect(lines.join('')).not.toContain(TOKEN);
  });
});
