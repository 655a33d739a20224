import type { POST_MAX_LENGTH as POST_MAX_LENGTH_CONTRACT } from '@freemarket/contracts';

/** The contract's limit, typed from it (its module brings zod, so the client keeps its own copy). */
export const POST_MAX_LENGTH: typeof POST_MAX_LENGTH_CONTRACT = 5000;
