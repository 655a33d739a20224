import { outboxTable, processedEventsTable, usersProjectionTable } from '@freemarket/db';
import { rewardsSchema } from './rewards-schema.js';

export * from './rewards-schema.js';
export * from './balances.js';
export * from './reward-transactions.js';
export const outbox = outboxTable(rewardsSchema);
export const processedEvents = processedEventsTable(rewardsSchema);
/** Members as announced by identity's `user.upserted`. */
export const users = usersProjectionTable(rewardsSchema);
