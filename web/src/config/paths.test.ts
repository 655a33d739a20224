import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('the Log In address', () => {
  it('should carry the page to come back to', () => {
    expect(paths.login.getHref('/messages?with=dev-1')).toBe('/api/login?returnTo=%2Fmessages%3Fwith%3Ddev-1');
  });

  it('should leave out the home page and any page the server would refuse, so Log In always works', () => {
    expect(paths.login.getHref()).toBe('/api/login');
    expect(paths.login.getHref('/')).toBe('/api/login');
    expect(paths.login.getHref(`/search?q=${'a'.repeat(2100)}`)).toBe('/api/login');
    expect(paths.login.getHref('//evil.example')).toBe('/api/login');
  });
});
