import { eq } from 'drizzle-orm';
import { EXPORT_ROW_LIMIT, exportPartSchema, type Envelope, type ExportPart } from '@freemarket/contracts';
import type { DbOrTx, MemberTables, Tx } from '@freemarket/db';
import { requireActor, type App } from './app.js';
import { recordDeletion } from './deleted-members.js';
import type { ConsumerHooks, ServiceRuntime } from './runtime.js';

/**
 * Where `user.deleted` lands in a service: its own rows of that member, in the consumer's
 * transaction; `hooks.emit` for what others must hear of it, `hooks.onCommit` for work that must follow it.
 */
export type EraseMember = (tx: Tx, userId: string, event: Envelope<'user.deleted'>, hooks: ConsumerHooks) => Promise<void>;

/**
 * The service's one `user.deleted` consumer (ARCHITECTURE, deleting a member): the member leaves
 * the users projection and `erase` removes or anonymises the rest, together, once per event. The
 * deletion is kept as a tombstone, so an event about the member from before it, delivered late,
 * recreates nothing (`aboutForgottenMembers`).
 */
export function forgetUser(runtime: ServiceRuntime, { users, deletedMembers }: MemberTables, erase: EraseMember): void {
  runtime.consumeOnce('user.deleted', async (tx, event, hooks) => {
    await recordDeletion(tx, deletedMembers, event.data.id, new Date(event.occurredAt));
    await erase(tx, event.data.id, event, hooks);
    await tx.delete(users).where(eq(users.id, event.data.id));
  });
}

/** One list of a member's export: a query that takes the row limit. */
export type ExportList = (db: DbOrTx, userId: string, limit: number) => Promise<Record<string, unknown>[]>;

/**
 * `GET /internal/export`: this service's rows of the asserted member, for the gateway's account
 * export. The gateway never proxies `/internal`, so only it reaches this, for the caller alone.
 */
export function serveMemberExport(app: App, runtime: ServiceRuntime, lists: Record<string, ExportList>): void {
  app.get('/internal/export', { config: { memberOnly: true }, schema: { hide: true, response: { 200: exportPartSchema } } }, async (req) => {
    const { userId } = requireActor(req);
    const part: ExportPart = { lists: {}, truncated: [] };
    for (const [name, list] of Object.entries(lists)) {
      // One row past the limit tells a full list from a cut one.
      const rows = await list(runtime.db, userId, EXPORT_ROW_LIMIT + 1);
      if (rows.length > EXPORT_ROW_LIMIT) part.truncated.push(name);
      part.lists[name] = rows.slice(0, EXPORT_ROW_LIMIT);
    }
    return part;
  });
}
