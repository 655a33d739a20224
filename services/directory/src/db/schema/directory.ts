import { customType, pgSchema } from 'drizzle-orm/pg-core';

export const directory = pgSchema('directory');

/** Postgres full-text document; written only by generated columns, never read back. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** earthdistance's point on the globe (a cube domain), for the GiST geo index. */
export const earth = customType<{ data: string }>({ dataType: () => 'earth' });

/** Every timestamp of the directory: millisecond precision, so keyset cursors round-trip. */
export const timestampOptions = { withTimezone: true, precision: 3 } as const;
