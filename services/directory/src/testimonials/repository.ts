import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@freemarket/db';
import { testimonials, users, type TestimonialRow } from '../db/schema/index.js';

export type TestimonialWithAuthor = { t: TestimonialRow; author: { id: string; firstName: string | null; lastName: string | null } | null };

/** Testimonials with their author's name from the users projection. */
export class TestimonialRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Inserts the author's testimonial of the member; undefined when they already wrote one. */
  async insert(values: Pick<TestimonialRow, 'authorId' | 'profileUserId' | 'content' | 'relationship'>): Promise<string | undefined> {
    const [row] = await this.db.insert(testimonials).values(values).onConflictDoNothing().returning({ id: testimonials.id });
    return row?.id;
  }

  async row(id: string): Promise<TestimonialRow | undefined> {
    const [row] = await this.db.select().from(testimonials).where(eq(testimonials.id, id));
    return row;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(testimonials).where(eq(testimonials.id, id));
  }

  async byId(id: string): Promise<TestimonialWithAuthor | undefined> {
    return (await this.select(eq(testimonials.id, id), 1))[0];
  }

  /** Testimonials about the member newest first, after `after` (a keyset condition) when given. */
  async aboutMember(profileUserId: string, after: SQL | undefined, limit: number): Promise<TestimonialWithAuthor[]> {
    return this.select(and(eq(testimonials.profileUserId, profileUserId), after), limit);
  }

  private async select(where: SQL | undefined, limit: number): Promise<TestimonialWithAuthor[]> {
    return this.db
      .select({ t: testimonials, author: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
      .from(testimonials)
      .leftJoin(users, eq(users.id, testimonials.authorId))
      .where(where)
      .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
      .limit(limit);
  }
}
