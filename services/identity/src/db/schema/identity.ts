import { pgSchema } from 'drizzle-orm/pg-core';

export const identity = pgSchema('identity');
