export * from './database.js';
export * from './transaction.js';
export * from './pagination.js';
export * from './tables.js';
export * from './unavailable.js';
export { LocalDatabaseError } from './pglite.js';
export { DataFolderLockedError, lockDataFolder, type DataFolderLock } from './folder-lock.js';
