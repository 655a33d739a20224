import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { POST_MAX_LENGTH, type ErrorBody, type Post, type PostPage } from '@freemarket/contracts';
import { outbox, posts } from '../src/db/schema/index.js';
import { call, seedMembers, startSocial, type Member, type SocialUnderTest } from './_util.js';

let sut: SocialUnderTest;
beforeAll(async () => {
  sut = await startSocial();
});
afterAll(() => sut?.stop());

const write = (by: Member, content: unknown) => call<Post & ErrorBody>(sut, by.id, 'POST', '/api/posts', { content });
const feed = (viewer: Member, query = '') => call<PostPage & ErrorBody>(sut, viewer.id, 'GET', `/api/posts${query}`);

describe('the community feed', () => {
  it('publishes a trimmed post with its author’s name (never their e-mail) and announces it', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const posted = await write(ada!, '  Hello, neighbours!\nFresh bread at the market.  ');
    expect(posted.status).toBe(201);
    expect(posted.body).toEqual({
      id: expect.any(String),
      userId: ada!.id,
      content: 'Hello, neighbours!\nFresh bread at the market.',
      createdAt: expect.any(String),
      user: { id: ada!.id, firstName: 'Ada', lastName: 'Tester', profileImageUrl: null },
    });
    const seen = await feed(bob!, `?userId=${ada!.id}`);
    expect(seen.body.items).toEqual([posted.body]);
    expect(JSON.stringify(seen.body)).not.toContain('@example.com');

    const events = await sut.service.runtime.db.select().from(outbox).where(eq(outbox.type, 'post.created'));
    expect(events.map((e) => (e.envelope as { data: unknown }).data)).toContainEqual({ postId: posted.body.id, userId: ada!.id });
  });

  it('refuses a blank, missing, too long or non-text post with a 400 naming the field, and stores nothing', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    for (const content of ['', '   \n\t ', 'x'.repeat(POST_MAX_LENGTH + 1), 42, null]) {
      const refused = await write(ada!, content);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^body\.content: /);
    }
    expect((await call<ErrorBody>(sut, ada!.id, 'POST', '/api/posts', {})).status).toBe(400);
    expect(await sut.service.runtime.db.select().from(posts).where(eq(posts.userId, ada!.id))).toEqual([]);
    expect((await write(ada!, 'x'.repeat(POST_MAX_LENGTH))).status).toBe(201);
  });

  it('pages through the whole feed newest first by cursor, with no post twice and none skipped', async () => {
    const [cy, dee] = await seedMembers(sut, 'Cy', 'Dee');
    const written: string[] = [];
    for (let i = 0; i < 7; i += 1) written.push((await write(i % 2 ? cy! : dee!, `post ${i}`)).body.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: PostPage = (await feed(cy!, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`)).body;
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.filter((id) => written.includes(id))).toEqual([...written].reverse());
    expect(new Set(seen).size).toBe(seen.length);

    const mine = await feed(cy!, `?userId=${cy!.id}`);
    expect(mine.body.items.map((p) => p.content)).toEqual(['post 5', 'post 3', 'post 1']);
  });

  it('bounds the page size and refuses a cursor it did not give out', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    expect((await feed(ada!, '?limit=51')).status).toBe(400);
    expect((await feed(ada!, '?limit=0')).status).toBe(400);
    expect((await feed(ada!, '?cursor=not-a-cursor')).body).toMatchObject({ message: 'querystring.cursor: is not a cursor of this list' });
    // A time with an offset could move a cursor to a year Postgres cannot hold; only cursors as written pass.
    for (const time of ['0001-01-01T00:00:00+01:00', '9999-12-31T23:59:59-01:00']) {
      const crafted = Buffer.from(`${time}|00000000-0000-4000-8000-000000000000`).toString('base64url');
      expect((await feed(ada!, `?cursor=${crafted}`)).status).toBe(400);
    }
    expect((await feed(ada!)).body.items.length).toBeLessThanOrEqual(20);
  });

  it('lets only the author delete a post: anyone else gets 404 and the post stays', async () => {
    const [ada, eve] = await seedMembers(sut, 'Ada', 'Eve');
    const { body } = await write(ada!, 'mine to delete');
    expect((await call(sut, eve!.id, 'DELETE', `/api/posts/${body.id}`)).status).toBe(404);
    expect((await feed(ada!, `?userId=${ada!.id}`)).body.items.map((p) => p.id)).toContain(body.id);
    expect((await call(sut, ada!.id, 'DELETE', `/api/posts/${body.id}`)).status).toBe(204);
    expect((await call(sut, ada!.id, 'DELETE', `/api/posts/${body.id}`)).status).toBe(404);
    expect((await call(sut, ada!.id, 'DELETE', '/api/posts/not-a-uuid')).status).toBe(400);
  });

  it('answers 401 Unauthorized to anyone not signed in', async () => {
    expect(await call(sut, null, 'GET', '/api/posts')).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    expect((await call(sut, null, 'POST', '/api/posts', { content: 'hi' })).status).toBe(401);
  });
});
