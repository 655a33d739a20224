import { pgSchema } from 'drizzle-orm/pg-core';
import { outboxTable, processedEventsTable, usersProjectionTable } from '@freemarket/db';

export const commerce = pgSchema('commerce');
export const outbox = outboxTable(commerce);
export const processedEvents = processedEventsTable(commerce);
/** Members as announced by identity's `user.upserted`. */
export const users = usersProjectionTable(commerce);
