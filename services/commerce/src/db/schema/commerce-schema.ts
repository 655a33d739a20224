import { pgSchema } from 'drizzle-orm/pg-core';

export const commerce = pgSchema('commerce');
