import { describe, expect, it } from 'vitest';
import { IDENTITY_HEADER } from '@freemarket/kit';
import { forwardingFor, upstreamHeaders } from './forward-headers.js';

const forwarding = forwardingFor('https://freemarket.example', ['fm.sid', 'fm.pre']);
const request = (headers: Record<string, string | string[]>, identityAssertion: string | null = 'signed-assertion') => ({
  id: 'req-1',
  ip: '203.0.113.7',
  headers,
  identityAssertion,
});

/** The flat `[name, value, …]` list as name → every value sent under it. */
function sent(list: string[]): Record<string, string[]> {
  const byName: Record<string, string[]> = {};
  for (let i = 0; i < list.length; i += 2) (byName[list[i]!] ??= []).push(list[i + 1]!);
  return byName;
}

describe('headers the gateway sends a service', () => {
  it('should pass the browser’s end-to-end headers and its own cookies, never the gateway’s', () => {
    const headers = sent(
      upstreamHeaders(
        request({ accept: 'application/json', 'accept-language': 'en', cookie: 'fm.sid=secret; theme=dark; fm.pre=x; lang=en', host: 'freemarket.example' }),
        forwarding,
      ),
    );
    expect(headers.accept).toEqual(['application/json']);
    expect(headers['accept-language']).toEqual(['en']);
    expect(headers.cookie).toEqual(['theme=dark; lang=en']);
    expect(headers.host).toBeUndefined();
  });

  it('should send no cookie header when the browser sent only the gateway’s cookies', () => {
    expect(sent(upstreamHeaders(request({ cookie: 'fm.sid=secret' }), forwarding)).cookie).toBeUndefined();
  });

  it('should say who the member is and where the request came from once, whatever the browser claimed', () => {
    const headers = sent(
      upstreamHeaders(
        request({ 'x-request-id': 'forged', 'x-forwarded-for': '10.0.0.1', 'x-forwarded-proto': 'http', 'x-forwarded-host': 'evil.example', [IDENTITY_HEADER]: 'forged' }),
        forwarding,
      ),
    );
    expect(headers[IDENTITY_HEADER]).toEqual(['signed-assertion']);
    expect(headers['x-request-id']).toEqual(['req-1']);
    expect(headers['x-forwarded-for']).toEqual(['203.0.113.7']);
    expect(headers['x-forwarded-proto']).toEqual(['https']);
    expect(headers['x-forwarded-host']).toEqual(['freemarket.example']);
  });

  it('should send no assertion for a visitor who is not signed in', () => {
    expect(sent(upstreamHeaders(request({}, null), forwarding))[IDENTITY_HEADER]).toBeUndefined();
  });

  it('should pass the browser’s traceparent on, or send only its own while tracing', () => {
    const browsers = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const gateways = '00-4bf92f3577b34da6a3ce929d0e0e4736-b7ad6b7169203331-01';
    expect(sent(upstreamHeaders(request({ traceparent: browsers }), forwarding, undefined)).traceparent).toEqual([browsers]);
    expect(sent(upstreamHeaders(request({ traceparent: browsers }), forwarding, gateways)).traceparent).toEqual([gateways]);
  });

  it('should drop hop-by-hop headers and those the Connection header names, and keep repeated values', () => {
    const headers = sent(
      upstreamHeaders(
        request({ connection: 'keep-alive, X-Debug', 'keep-alive': 'timeout=5', 'x-debug': '1', 'transfer-encoding': 'chunked', te: 'trailers', expect: '100-continue', 'x-tag': ['a', 'b'] }),
        forwarding,
      ),
    );
    for (const name of ['connection', 'keep-alive', 'x-debug', 'transfer-encoding', 'te', 'expect']) expect(headers[name]).toBeUndefined();
    expect(headers['x-tag']).toEqual(['a', 'b']);
  });
});
