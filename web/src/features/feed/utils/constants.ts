import type { POST_MAX_LENGTH as POST_MAX_LENGTH_CONTRACT } from '@freemarket/contracts';

/** A member sees others' new posts within 30 s: the feed's first page is read again this often. */
export const FEED_REFRESH_MS = 20_000;

/** The contract's limit, typed from it (its module brings zod, so the client keeps its own copy). */
export const POST_MAX_LENGTH: typeof POST_MAX_LENGTH_CONTRACT = 5000;
