import { pgSchema } from 'drizzle-orm/pg-core';

export const rewardsSchema = pgSchema('rewards');
