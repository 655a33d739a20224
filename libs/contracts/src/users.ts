import { z } from 'zod';

/** The public face of a member, as every service's users projection keeps it. */
export const userSummarySchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** `GET /api/auth/user`: the signed-in member, with `profile` present when they have one. */
export const currentUserSchema = userSummarySchema.extend({
  email: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  profile: z.object({ id: z.string() }).loose().optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** What the gateway's sign-in hands identity to create or refresh the member. */
export const upsertUserSchema = z.object({
  id: z.string().min(1).max(255),
  email: z.email().max(320),
  firstName: z.string().max(100).nullable(),
  lastName: z.string().max(100).nullable(),
  profileImageUrl: z.url().max(2048).nullable(),
});
export type UpsertUser = z.infer<typeof upsertUserSchema>;
