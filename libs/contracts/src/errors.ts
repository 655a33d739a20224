import { z } from 'zod';

/** Every error answer of every service: `{ message, issues? }` (ARCHITECTURE §3). */
export const errorBodySchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
