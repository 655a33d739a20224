import { z } from 'zod';
import { socialMemberIdSchema } from './social.js';

/** Longest post, counted after trimming. */
export const POST_MAX_LENGTH = 5000;
/** `GET /api/posts`: default and largest page size. */
export const POSTS_LIMIT = { default: 20, max: 50 } as const;

/** A member as the feed, surveys and their results name them: never their e-mail. */
export const memberNameSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type MemberName = z.infer<typeof memberNameSchema>;

/** A post on the public community feed (spec 02 §3). */
export const postSchema = z.object({
  id: z.uuid(),
  userId: z.string(),
  content: z.string(),
  createdAt: z.iso.datetime(),
  user: memberNameSchema,
});
export type Post = z.infer<typeof postSchema>;

/** `POST /api/posts`. */
export const createPostBodySchema = z.object({
  content: z.string().trim().min(1, 'must not be blank').max(POST_MAX_LENGTH, `must be at most ${POST_MAX_LENGTH} characters`),
});
export type CreatePostBody = z.infer<typeof createPostBodySchema>;

/** `GET /api/posts?userId=&limit=&cursor=`: newest first; one member's posts with `userId`. */
export const listPostsQuerySchema = z.object({
  userId: socialMemberIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(POSTS_LIMIT.max).default(POSTS_LIMIT.default),
  cursor: z.string().min(1).max(200).optional(),
});
export type ListPostsQuery = z.infer<typeof listPostsQuerySchema>;

export const postPageSchema = z.object({ items: z.array(postSchema), nextCursor: z.string().nullable() });
export type PostPage = z.infer<typeof postPageSchema>;

export const postParamsSchema = z.object({ id: z.uuid() });
