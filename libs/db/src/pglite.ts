import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** PGlite with the extensions the services need (geo search: cube + earthdistance; text: pg_trgm). */
export async function openPglite(location: string): Promise<PGlite> {
  const extensions = { cube, earthdistance, pg_trgm };
  if (location === 'memory' || location === '') return PGlite.create({ extensions });
  await mkdir(location, { recursive: true });
  return PGlite.create({ dataDir: location, extensions });
}
