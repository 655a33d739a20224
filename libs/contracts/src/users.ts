import { z } from 'zod';
import { RETURN_TO_MAX_CHARS, sitePageOf } from './site-page.js';

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

/** `DELETE /api/auth/user`: the member types DELETE, so no stray request removes an account. */
export const deleteAccountSchema = z.object({ confirm: z.literal('DELETE') });
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;

const REMOVED_MEMBER_PREFIX = 'removed-member:';

/**
 * The id that stands for a deleted member in records other members or the books keep: one per
 * deletion (its event's id), so two removed members' conversations never merge, and nothing in it
 * points back to the member.
 */
export function removedMemberId(deletionEventId: string): string {
  return `${REMOVED_MEMBER_PREFIX}${deletionEventId}`;
}

export function isRemovedMember(userId: string): boolean {
  return userId.startsWith(REMOVED_MEMBER_PREFIX);
}

/** Rows of one service's export are capped per list; a longer list says so in `truncated`. */
export const EXPORT_ROW_LIMIT = 5000;

/** One service's part of a member's export: its lists of that member's rows, by name. */
export const exportPartSchema = z.object({
  lists: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  /** Names of the lists cut at `EXPORT_ROW_LIMIT`. */
  truncated: z.array(z.string()),
});
export type ExportPart = z.infer<typeof exportPartSchema>;

/** `GET /api/auth/user/export`: everything the platform holds about the caller, by service. */
export const accountExportSchema = z.object({
  userId: z.string(),
  exportedAt: z.string(),
  services: z.record(z.string(), exportPartSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** `GET /api/login?returnTo`: the page sign-in comes back to, as `sitePageOf` reads it. */
export const loginQuerySchema = z.object({
  returnTo: z
    .string()
    .max(RETURN_TO_MAX_CHARS)
    .transform((value, ctx) => {
      const page = sitePageOf(value);
      if (page === null) ctx.addIssue({ code: 'custom', message: 'must be a path on this site, like /messages' });
      return page ?? value;
    })
    .optional(),
});
export type LoginQuery = z.infer<typeof loginQuerySchema>;
