import { z } from 'zod';
import { userSummarySchema } from './users.js';

/** A member id as the platform knows it: the OIDC subject (not a uuid). */
export const socialMemberIdSchema = z.string().min(1).max(255);

export const CONNECTION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export const connectionStatusSchema = z.enum(CONNECTION_STATUSES);
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

/**
 * Anti-harassment rule: a requester whose request was declined may ask the same member again only
 * after the cooldown, and at most this many times in all (the first request included). Declines
 * by the other side reset nothing; only the decliner can lift it (by asking, or removing the row).
 */
export const CONNECTION_REQUEST_LIMIT = 3;
export const CONNECTION_REASK_COOLDOWN_DAYS = 7;

/** `GET /api/connections`: default and largest page size. */
export const CONNECTIONS_LIMIT = { default: 50, max: 100 } as const;

/** A connection with both members (spec 01 §3). */
export const connectionSchema = z.object({
  id: z.uuid(),
  requesterId: z.string(),
  addresseeId: z.string(),
  status: connectionStatusSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  requester: userSummarySchema,
  addressee: userSummarySchema,
});
export type Connection = z.infer<typeof connectionSchema>;

/** `POST /api/connections`. */
export const createConnectionBodySchema = z.object({ addresseeId: socialMemberIdSchema });
export type CreateConnectionBody = z.infer<typeof createConnectionBodySchema>;

/** `PUT /api/connections/{id}`: only the addressee answers; `pending` is not an answer. */
export const answerConnectionBodySchema = z.object({ status: z.enum(['accepted', 'rejected']) });
export type AnswerConnectionBody = z.infer<typeof answerConnectionBodySchema>;

export const connectionParamsSchema = z.object({ id: z.uuid() });

/** `GET /api/connections?status=&limit=&cursor=`: newest first. */
export const listConnectionsQuerySchema = z.object({
  status: connectionStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(CONNECTIONS_LIMIT.max).default(CONNECTIONS_LIMIT.default),
  cursor: z.string().min(1).max(200).optional(),
});
export type ListConnectionsQuery = z.infer<typeof listConnectionsQuerySchema>;

export const connectionPageSchema = z.object({ items: z.array(connectionSchema), nextCursor: z.string().nullable() });
export type ConnectionPage = z.infer<typeof connectionPageSchema>;

export const connectionStatusParamsSchema = z.object({ userId: socialMemberIdSchema });

/**
 * `GET /api/connections/status/{userId}`: the viewer's connection with that member. `status` is
 * null when there is none; `direction` says who asked (`outgoing`: the viewer did).
 */
export const connectionStatusResponseSchema = z.object({
  status: connectionStatusSchema.nullable(),
  direction: z.enum(['outgoing', 'incoming']).nullable(),
  connectionId: z.uuid().nullable(),
  /**
   * The caller's own request, declined, that they may not yet ask again: `askAgainAfter` is when
   * they may (null: never, the requests are used up). Null when they may ask now, or asked nothing.
   */
  declined: z.object({ askAgainAfter: z.iso.datetime().nullable() }).nullable(),
});
export type ConnectionStatusResponse = z.infer<typeof connectionStatusResponseSchema>;
