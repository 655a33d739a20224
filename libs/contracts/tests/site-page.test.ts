import { describe, expect, it } from 'vitest';
import { loginQuerySchema } from '../src/users.js';
import { sitePageOf } from '../src/site-page.js';

describe('the page sign-in returns to', () => {
  it('should keep a page of this site as a browser reads it', () => {
    expect(sitePageOf('/messages?with=dev-1#latest')).toBe('/messages?with=dev-1#latest');
    expect(sitePageOf('/learn/../events')).toBe('/events');
    // Node cannot put '€' in a Location header; the browser's own spelling it can.
    expect(sitePageOf('/profile/€')).toBe('/profile/%E2%82%AC');
  });

  it('should refuse anything a browser would take off the site', () => {
    for (const away of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', '/\t/evil.example', '/.//evil.example', 'messages', '']) {
      expect(sitePageOf(away), away).toBeNull();
    }
  });

  it('should refuse the server’s own paths however they are spelled', () => {
    for (const server of ['/api/logout', '/api', '/./api/logout', '/x/../api/logout', '/.%2e/api/logout', '/%61pi/logout', '/API/logout', '/oidc/auth', '/%E0']) {
      expect(sitePageOf(server), server).toBeNull();
    }
    expect(sitePageOf('/apiary')).toBe('/apiary');
  });

  it('should answer the login query with the page as read, or the reason it is refused', () => {
    expect(loginQuerySchema.parse({ returnTo: '/learn/../events' })).toEqual({ returnTo: '/events' });
    expect(loginQuerySchema.parse({})).toEqual({});
    const refused = loginQuerySchema.safeParse({ returnTo: '/%61pi/logout' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['returnTo'], message: 'must be a path on this site, like /messages' });
    expect(loginQuerySchema.safeParse({ returnTo: `/${'a'.repeat(2000)}` }).success).toBe(false);
  });
});
