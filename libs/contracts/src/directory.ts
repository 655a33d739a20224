/** The directory's API: profiles, search, skills, reviews, testimonials, favorites, referrals, legislation. */
export * from './directory/constants.js';
export * from './directory/catalog.js';
export * from './directory/params.js';
export * from './directory/profiles.js';
export * from './directory/search.js';
export * from './directory/map.js';
export * from './directory/skills.js';
export * from './directory/reviews.js';
export * from './directory/social-proof.js';
