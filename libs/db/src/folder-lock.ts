import { linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isRunning } from './process.js';

/** The lock file's name inside the folder it locks. */
export const LOCK_FILE = 'freemarket.lock';

/** The folder is locked by a process that still runs. */
export class DataFolderLockedError extends Error {
  override name = 'DataFolderLockedError';

  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(`FreeMarket is already running on ${folder} (pid ${pid}). Stop it first, or start with FREEMARKET_DATA_DIR=<another folder>.`);
  }
}

export interface DataFolderLock {
  readonly folder: string;
  /** Removes the lock file, if it is still this lock's. Also done when the process exits. */
  release(): void;
}

/**
 * Takes the exclusive lock on a local data folder for this process: `<folder>/freemarket.lock`,
 * holding the pid, put in place only if absent (a hard link, which fails when the name exists). A
 * lock whose process is gone (killed, or interrupted while starting) is taken over; one whose
 * process runs throws DataFolderLockedError. The lock is released on exit; a process killed
 * outright leaves it, for the next start to take over.
 */
export function lockDataFolder(folder: string): DataFolderLock {
  const dir = resolve(folder);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  // Written whole beside it, then linked into place: a lock file always holds its pid.
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, `${process.pid}\n`);
  try {
    for (let attempt = 0; !linked(draft, path); attempt++) {
      const holder = holderOf(path);
      if (holder !== undefined && isRunning(holder)) throw new DataFolderLockedError(dir, holder);
      if (attempt === 3) throw new Error(`Cannot take the lock ${path}: other starts keep taking it`);
      // Its process is gone: taken over, unless another start took it over first.
      unlinkIfHeldBy(path, holder);
    }
  } finally {
    rmSync(draft, { force: true });
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    unlinkIfHeldBy(path, process.pid);
  };
  process.on('exit', release);
  return { folder: dir, release };
}

/** Links `draft` at `path`; false when `path` exists. */
function linked(draft: string, path: string): boolean {
  try {
    linkSync(draft, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** The pid in the lock file; undefined when it is gone or holds no pid. */
function holderOf(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function unlinkIfHeldBy(path: string, pid: number | undefined): void {
  if (holderOf(path) !== pid) return;
  try {
    unlinkSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
