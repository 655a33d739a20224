export * from './events.js';
export * from './errors.js';
export * from './users.js';
export * from './rewards.js';
export * from './commerce.js';
export * from './social.js';
export * from './messaging.js';
export * from './directory.js';
