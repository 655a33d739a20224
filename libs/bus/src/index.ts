export * from './port.js';
export * from './outbox.js';
export * from './outbox-relay.js';
export * from './handle-once.js';
export * from './in-process-bus.js';
export * from './nats-bus.js';
export * from './batch-once.js';
export * from './statement-name.js';
