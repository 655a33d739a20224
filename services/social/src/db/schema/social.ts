import { pgSchema } from 'drizzle-orm/pg-core';

export const social = pgSchema('social');
