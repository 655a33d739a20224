import { and, desc, eq } from 'drizzle-orm';
import type { CreateTestimonial, Testimonial } from '@freemarket/contracts';
import { ConflictError, ForbiddenError, NotFoundError, type Actor, type ServiceRuntime } from '@freemarket/kit';
import { testimonials, users, type TestimonialRow } from '../db/schema/index.js';
import { canSee } from '../profiles/privacy.js';
import { ProfileRepository } from '../profiles/repository.js';
import { paginate } from '@freemarket/db';
import { olderThanCursor, type Page } from '../shared/paging.js';

/** Testimonials: written about another member; shown to others only when the section is public. */
export class TestimonialService {
  constructor(private readonly runtime: ServiceRuntime) {}

  /** `GET /api/testimonials/{userId}`: newest first; 404 when there is no profile or the section is private. */
  async forMember(actor: Actor, userId: string, page: { cursor?: string; limit: number }): Promise<Page<Testimonial>> {
    const profile = await new ProfileRepository(this.runtime.db).rowByUserId(userId);
    if (!profile || !canSee(profile, 'testimonialsIsPublic', actor.userId)) throw new NotFoundError('Testimonials not found');
    const rows = await this.select(and(eq(testimonials.profileUserId, userId), olderThanCursor(testimonials, page.cursor)), page.limit + 1);
    return paginate(rows, page.limit, (t) => ({ createdAt: new Date(t.createdAt), id: t.id }));
  }

  /** `POST /api/testimonials`: one per author and member, never about oneself. */
  async create(actor: Actor, input: CreateTestimonial): Promise<Testimonial> {
    if (input.profileUserId === actor.userId) throw new ForbiddenError('You cannot write a testimonial about yourself');
    const profile = await new ProfileRepository(this.runtime.db).rowByUserId(input.profileUserId);
    if (!profile) throw new NotFoundError('Profile not found');
    const [row] = await this.runtime.db
      .insert(testimonials)
      .values({ authorId: actor.userId, profileUserId: input.profileUserId, content: input.content, relationship: input.relationship || null })
      .onConflictDoNothing()
      .returning({ id: testimonials.id });
    if (!row) throw new ConflictError('You already wrote a testimonial for this member');
    return (await this.select(eq(testimonials.id, row.id), 1))[0]!;
  }

  /** `DELETE /api/testimonials/{id}`: its author, or the member it is about. */
  async remove(actor: Actor, id: string): Promise<void> {
    const [row] = await this.runtime.db.select().from(testimonials).where(eq(testimonials.id, id));
    if (!row) throw new NotFoundError('Testimonial not found');
    if (row.authorId !== actor.userId && row.profileUserId !== actor.userId) throw new ForbiddenError('Only its author or its subject may remove a testimonial');
    await this.runtime.db.delete(testimonials).where(eq(testimonials.id, id));
  }

  private async select(where: ReturnType<typeof and>, limit: number): Promise<Testimonial[]> {
    const rows = await this.runtime.db
      .select({ t: testimonials, author: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
      .from(testimonials)
      .leftJoin(users, eq(users.id, testimonials.authorId))
      .where(where)
      .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
      .limit(limit);
    return rows.map((r) => toTestimonial(r.t, r.author));
  }
}

function toTestimonial(t: TestimonialRow, author: Testimonial['author'] | null): Testimonial {
  return {
    id: t.id,
    authorId: t.authorId,
    profileUserId: t.profileUserId,
    content: t.content,
    relationship: t.relationship,
    createdAt: t.createdAt.toISOString(),
    author: author ?? { id: t.authorId, firstName: null, lastName: null },
  };
}
