import { pgSchema } from 'drizzle-orm/pg-core';
import { outboxTable, processedEventsTable, usersProjectionTable } from '@freemarket/db';

export const rewards = pgSchema('rewards');
export const outbox = outboxTable(rewards);
export const processedEvents = processedEventsTable(rewards);
/** Members as announced by identity's `user.upserted`. */
export const users = usersProjectionTable(rewards);
