import { z } from 'zod';
import { DIRECTORY_LIMITS } from './constants.js';
import { cursorQuery, limitQuery, memberId } from './primitives.js';

/** A member id as the directory accepts it: the OIDC subject. */
export const directoryMemberIdSchema = memberId;
/** `{ id }` path parameter of a directory entity (a database-generated uuid). */
export const directoryIdParams = z.object({ id: z.uuid() });
/** `{ userId }` path parameter. */
export const directoryUserIdParams = z.object({ userId: memberId });
/** Paging query of the directory's lists: default 20, at most 100. */
export const directoryListQuery = z.object({
  cursor: cursorQuery.optional(),
  limit: limitQuery(DIRECTORY_LIMITS.listDefault, DIRECTORY_LIMITS.listMax),
});
