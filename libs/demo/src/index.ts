/**
 * The demo data set of local mode (ARCHITECTURE §2): members, their profiles around the map's
 * default position, and reviews. Deterministic: every call returns the same data.
 */
export * from './users.js';
export * from './profiles.js';
export * from './reviews.js';
export { DEMO_PLACES } from './places.js';
export { FIRST_NAMES, LAST_NAMES } from './names.js';
export { Random } from './random.js';
