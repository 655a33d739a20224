import { demoProfiles } from './profiles.js';
import { Random } from './random.js';
import { demoUsers } from './users.js';

export interface DemoReview {
  reviewerId: string;
  revieweeId: string;
  rating: number;
  comment: string;
}

const COMMENTS: Record<number, readonly string[]> = {
  1: ['Did not show up and never called back.', 'Would not hire again.'],
  2: ['Work was late and had to be redone.', 'Okay in the end, but communication was poor.'],
  3: ['Decent job for the price.', 'Got it done; a few rough edges.'],
  4: ['Reliable and friendly, would recommend.', 'Good work, fair price, on time.', 'Helpful and knowledgeable.'],
  5: ['Fantastic! Went above and beyond.', 'The best in the neighbourhood.', 'Professional, kind and quick. Five stars.', 'Truly cares about the community.'],
};

/** Reviews among demo members: providers and non-profits collect a handful each, mostly good. */
export function demoReviews(): DemoReview[] {
  const random = new Random(909);
  const ids = demoUsers().map((u) => u.id);
  const out: DemoReview[] = [];
  for (const profile of demoProfiles()) {
    if (!(profile.isServiceProvider || profile.isNonProfit) || !random.chance(0.8)) continue;
    const reviewers = random.sample(
      ids.filter((id) => id !== profile.userId),
      random.int(1, 8),
    );
    for (const reviewerId of reviewers) {
      const r = random.next();
      const rating = r < 0.03 ? 1 : r < 0.08 ? 2 : r < 0.2 ? 3 : r < 0.55 ? 4 : 5;
      out.push({ reviewerId, revieweeId: profile.userId, rating, comment: random.pick(COMMENTS[rating]!) });
    }
  }
  return out;
}
