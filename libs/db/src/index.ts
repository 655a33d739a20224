export * from './database.js';
export * from './transaction.js';
export * from './pagination.js';
export * from './tables.js';
export * from './unavailable.js';
