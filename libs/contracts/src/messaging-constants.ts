/** Longest message, counted after trimming; zod-free, so the web client's boxes hold the server's limit. */
export const MESSAGE_MAX_LENGTH = 2000;
