import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { isRunning } from './process.js';

const extensions = { cube, earthdistance, pg_trgm };

/**
 * A local database folder PGlite cannot use, with what the developer should do about it. Its message
 * names the folder and is meant to be shown as it is, without a stack trace.
 */
export class LocalDatabaseError extends Error {
  override name = 'LocalDatabaseError';

  constructor(
    readonly folder: string,
    kind: 'open' | 'migrate',
    cause: unknown,
  ) {
    const remedy = `stop FreeMarket, delete ${folder}, and start again (this erases its local data).`;
    super(
      kind === 'open'
        ? `The local database in ${folder} could not be opened; it may be from an interrupted first start. ${remedy[0]!.toUpperCase()}${remedy.slice(1)}`
        : `The local database in ${folder} could not be migrated: ${innermostMessage(cause)}. If it is from an interrupted first start, ${remedy}`,
      { cause },
    );
  }
}

/**
 * PGlite with the extensions the services need (geo search: cube + earthdistance; text: pg_trgm).
 * A folder that does not exist yet is created whole or not at all: PGlite's initdb (several seconds,
 * when an interrupt leaves a folder no later start can open) runs in a hidden sibling folder, which
 * is renamed into place once it is complete.
 */
export async function openPglite(location: string): Promise<PGlite> {
  if (location === 'memory' || location === '') return PGlite.create({ extensions });
  const folder = resolve(location);
  if (await isMissingOrEmpty(folder)) await createWhole(folder);
  try {
    return await PGlite.create({ dataDir: folder, extensions });
  } catch (cause) {
    throw new LocalDatabaseError(folder, 'open', cause);
  }
}

async function createWhole(folder: string): Promise<void> {
  const parent = dirname(folder);
  await mkdir(parent, { recursive: true });
  const prefix = `.${basename(folder)}.partial-`;
  await removeAbandoned(parent, prefix);
  const partial = join(parent, `${prefix}${process.pid}`);
  await rm(partial, { recursive: true, force: true });
  try {
    await (await PGlite.create({ dataDir: partial, extensions })).close();
    // An empty folder in the way (made by hand, or by an older release) goes; a full one stays.
    await rmdir(folder).catch(() => undefined);
    await rename(partial, folder);
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    // Another process put a complete folder in place first: use it.
    if (!(await isMissingOrEmpty(folder))) return;
    throw err;
  }
}

/** Half-made folders of creations that were interrupted: their process is gone. */
async function removeAbandoned(parent: string, prefix: string): Promise<void> {
  for (const entry of await readdir(parent)) {
    if (!entry.startsWith(prefix)) continue;
    const pid = Number(entry.slice(prefix.length));
    if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid)) continue;
    await rm(join(parent, entry), { recursive: true, force: true });
  }
}

async function isMissingOrEmpty(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

function innermostMessage(error: unknown): string {
  let current = error;
  for (let depth = 0; current instanceof Error && current.cause instanceof Error && depth < 5; depth++) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}
