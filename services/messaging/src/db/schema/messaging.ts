import { pgSchema } from 'drizzle-orm/pg-core';

export const messaging = pgSchema('messaging');
