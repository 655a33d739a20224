import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './pagination.js';

describe('list cursors', () => {
  it('reads back the key it wrote', () => {
    const key = { createdAt: new Date('2026-11-27T01:02:03.456Z'), id: '0b9f8a52-6f0e-4a8e-9d3c-6c1f1e0a2b3c' };
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
  });

  it('refuses, rather than throws on, anything it did not write', () => {
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    for (const cursor of ['|f${Na$%*$', 'Yny-/', '', '%%%', forged('garbage|id'), forged('2026-13-45T99:99:99.999Z|id'), forged('0000-01-01T00:00:00.000Z|id'), forged('2026-11-27T01:02:03.456Z|'), forged('2026-11-27T01:02:03.456Z|a\u0000b')]) {
      expect(decodeCursor(cursor), cursor).toBeNull();
    }
  });
});
