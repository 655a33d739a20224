import { describe, expect, it } from 'vitest';
import { cookiePolicy, readCookie } from './cookies.js';

describe(readCookie.name, () => {
  it('should find a cookie anywhere in the header', () => {
    expect(readCookie('fm.sid=abc', 'fm.sid')).toBe('abc');
    expect(readCookie('a=1; fm.sid=abc; b=2', 'fm.sid')).toBe('abc');
    expect(readCookie('a=1;fm.sid=abc', 'fm.sid')).toBe('abc');
  });

  it('should not match a cookie whose name merely contains the one asked for', () => {
    expect(readCookie('__Host-fm.sid=host; xfm.sid=x', 'fm.sid')).toBeUndefined();
    expect(readCookie('fm.sidx=1', 'fm.sid')).toBeUndefined();
  });

  it('should return undefined without a header or the cookie', () => {
    expect(readCookie(undefined, 'fm.sid')).toBeUndefined();
    expect(readCookie('', 'fm.sid')).toBeUndefined();
    expect(readCookie('novalue; other=1', 'fm.sid')).toBeUndefined();
  });
});

describe(cookiePolicy.name, () => {
  it('should use plain names without Secure over http', () => {
    expect(cookiePolicy('http://localhost:5000')).toEqual({
      session: 'fm.sid',
      preAuth: 'fm.auth',
      options: { httpOnly: true, sameSite: 'lax', path: '/', secure: false },
    });
  });

  it('should use __Host- names with Secure over https', () => {
    expect(cookiePolicy('https://market.example')).toMatchObject({ session: '__Host-fm.sid', preAuth: '__Host-fm.auth', options: { secure: true } });
  });
});
