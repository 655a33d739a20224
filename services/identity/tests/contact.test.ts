import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { CONTACT_MESSAGE_MAX } from '@freemarket/contracts';
import { startServiceForTest, type ServiceUnderTest } from '@freemarket/testing';
import { createIdentityService, loadIdentityConfig } from '../src/index.js';
import { contactMessages } from '../src/db/schema/index.js';
import { newestContactMessages } from '../src/contact/repository.js';

let sut: ServiceUnderTest<Awaited<ReturnType<typeof createIdentityService>>>;
beforeAll(async () => {
  sut = await startServiceForTest({ name: 'identity', create: createIdentityService, loadConfig: loadIdentityConfig });
});
afterAll(() => sut?.stop());

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Listing my workshop', message: 'How do I list my workshop on the map?' };

async function send(body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: { id?: string; message?: string } }> {
  const res = await fetch(`${sut.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { id?: string; message?: string } };
}

async function stored(): Promise<number> {
  const [row] = await sut.service.runtime.db.select({ n: count() }).from(contactMessages);
  return row!.n;
}

describe('POST /api/contact', () => {
  it('should store a visitor’s message trimmed and answer 201 with its id', async () => {
    const res = await send({ name: '  Ada Lovelace ', email: ' ada@example.com ', subject: 'Listing my workshop\n', message: '  How do I list my workshop on the map?  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const [newest] = await newestContactMessages(sut.service.runtime.db, 1);
    expect(newest).toMatchObject({ id: res.body.id, ...valid, userId: null });
  });

  it('should remember the member who sent it when signed in', async () => {
    const res = await send({ ...valid, subject: 'From a member' }, await sut.as('member-1'));
    expect(res.status).toBe(201);
    const [newest] = await newestContactMessages(sut.service.runtime.db, 1);
    expect(newest).toMatchObject({ id: res.body.id, subject: 'From a member', userId: 'member-1' });
  });

  const invalid: Array<[string, Record<string, unknown>, RegExp]> = [
    ['a missing name', { name: undefined }, /^body\.name: /],
    ['a blank name', { name: '   ' }, /^body\.name: must not be blank/],
    ['a name too long', { name: 'n'.repeat(CONTACT_MESSAGE_MAX.name + 1) }, /^body\.name: /],
    ['a missing email', { email: undefined }, /^body\.email: /],
    ['a malformed email', { email: 'ada at example' }, /^body\.email: must be an email address/],
    ['an email too long', { email: `${'a'.repeat(CONTACT_MESSAGE_MAX.email)}@example.com` }, /^body\.email: /],
    ['a blank subject', { subject: '' }, /^body\.subject: must not be blank/],
    ['a subject too long', { subject: 's'.repeat(CONTACT_MESSAGE_MAX.subject + 1) }, /^body\.subject: /],
    ['a blank message', { message: '\n\t ' }, /^body\.message: must not be blank/],
    ['a message too long', { message: 'm'.repeat(CONTACT_MESSAGE_MAX.message + 1) }, /^body\.message: /],
    ['a message that is not text', { message: 42 }, /^body\.message: /],
    ['a NUL character', { message: 'hello\u0000world' }, /^body\.message: /],
    ['a lone surrogate', { subject: 'broken \ud800 text' }, /^body\.subject: /],
  ];
  for (const [what, patch, message] of invalid) {
    it(`should refuse ${what} with 400 and store nothing`, async () => {
      const before = await stored();
      const res = await send({ ...valid, ...patch });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(await stored()).toBe(before);
    });
  }
});
