export * from './infra.js';
export * from './wait.js';
export * from './ports.js';
export * from './nats-server.js';
export * from './browser-session.js';
export * from './service-harness.js';
export * from './members.js';
export * from './scrape.js';
