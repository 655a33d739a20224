import { describe, expect, it } from 'vitest';
import type { ConnectionRow } from '../db/schema/index.js';
import { canAnswer, decideRequest } from './rules.js';

const now = new Date('2025-06-10T12:00:00.000Z');
const row = (patch: Partial<ConnectionRow>): ConnectionRow => ({
  id: '00000000-0000-4000-8000-000000000000',
  requesterId: 'ada',
  addresseeId: 'bob',
  status: 'rejected',
  requestCount: 1,
  answeredAt: new Date('2025-06-09T12:00:00.000Z'),
  createdAt: new Date('2025-06-01T12:00:00.000Z'),
  updatedAt: new Date('2025-06-09T12:00:00.000Z'),
  ...patch,
});

describe('decideRequest', () => {
  it('should refuse a pair that is pending or connected', () => {
    expect(decideRequest(row({ status: 'pending' }), 'bob', now)).toEqual({ kind: 'exists' });
    expect(decideRequest(row({ status: 'accepted' }), 'ada', now)).toEqual({ kind: 'exists' });
  });

  it('should make a declined requester wait seven days from the decline', () => {
    expect(decideRequest(row({}), 'ada', now)).toEqual({ kind: 'cooling-down', until: new Date('2025-06-16T12:00:00.000Z') });
    expect(decideRequest(row({ answeredAt: new Date('2025-06-03T11:59:59.000Z') }), 'ada', now)).toEqual({ kind: 'reask', requestCount: 2 });
  });

  it('should stop a requester after three requests in all', () => {
    expect(decideRequest(row({ requestCount: 3, answeredAt: new Date('2025-01-01T00:00:00.000Z') }), 'ada', now)).toEqual({ kind: 'limit-reached' });
  });

  it('should let the member who declined ask the other way at once', () => {
    expect(decideRequest(row({ requestCount: 3 }), 'bob', now)).toEqual({ kind: 'reverse' });
  });
});

describe('canAnswer', () => {
  it('should allow answering a request and accepting after a decline, but not declining a connection', () => {
    expect(canAnswer('pending', 'accepted')).toBe(true);
    expect(canAnswer('pending', 'rejected')).toBe(true);
    expect(canAnswer('rejected', 'accepted')).toBe(true);
    expect(canAnswer('accepted', 'rejected')).toBe(false);
  });
});
