import type { CreateTestimonial, Testimonial } from '@freemarket/contracts';
import { paginate } from '@freemarket/db';
import { ConflictError, ForbiddenError, NotFoundError, type Actor, type ServiceRuntime } from '@freemarket/kit';
import { testimonials } from '../db/schema/index.js';
import { canSee } from '../profiles/privacy.js';
import { ProfileRepository } from '../profiles/repository.js';
import { olderThanCursor, type Page } from '../shared/paging.js';
import { TestimonialRepository, type TestimonialWithAuthor } from './repository.js';

/** Testimonials: written about another member; shown to others only when the section is public. */
export class TestimonialService {
  constructor(private readonly runtime: ServiceRuntime) {}

  /** `GET /api/testimonials/{userId}`: newest first; 404 when there is no profile, 403 when the section is private. */
  async forMember(actor: Actor, userId: string, page: { cursor?: string; limit: number }): Promise<Page<Testimonial>> {
    const profile = await new ProfileRepository(this.runtime.db).rowByUserId(userId);
    if (!profile) throw new NotFoundError('Profile not found');
    if (!canSee(profile, 'testimonialsIsPublic', actor.userId)) throw new ForbiddenError('This member keeps their testimonials private');
    const rows = await this.repository.aboutMember(userId, olderThanCursor(testimonials, page.cursor), page.limit + 1);
    return paginate(rows.map(toTestimonial), page.limit, (t) => ({ createdAt: new Date(t.createdAt), id: t.id }));
  }

  /** `POST /api/testimonials`: one per author and member, never about oneself. */
  async create(actor: Actor, input: CreateTestimonial): Promise<Testimonial> {
    if (input.profileUserId === actor.userId) throw new ForbiddenError('You cannot write a testimonial about yourself');
    const profile = await new ProfileRepository(this.runtime.db).rowByUserId(input.profileUserId);
    if (!profile) throw new NotFoundError('Profile not found');
    const id = await this.repository.insert({ authorId: actor.userId, profileUserId: input.profileUserId, content: input.content, relationship: input.relationship || null });
    if (!id) throw new ConflictError('You already wrote a testimonial for this member');
    return toTestimonial((await this.repository.byId(id))!);
  }

  /** `DELETE /api/testimonials/{id}`: its author, or the member it is about. */
  async remove(actor: Actor, id: string): Promise<void> {
    const row = await this.repository.row(id);
    if (!row) throw new NotFoundError('Testimonial not found');
    if (row.authorId !== actor.userId && row.profileUserId !== actor.userId) throw new ForbiddenError('Only its author or its subject may remove a testimonial');
    await this.repository.delete(id);
  }

  private get repository(): TestimonialRepository {
    return new TestimonialRepository(this.runtime.db);
  }
}

function toTestimonial({ t, author }: TestimonialWithAuthor): Testimonial {
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
