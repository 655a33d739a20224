import { outboxTable, processedEventsTable } from '@freemarket/db';
import { identity } from './identity.js';

export * from './identity.js';
export * from './users.js';
export * from './dev-accounts.js';
export * from './contact-messages.js';
export const outbox = outboxTable(identity);
export const processedEvents = processedEventsTable(identity);
