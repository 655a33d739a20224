import { FIRST_NAMES, LAST_NAMES } from './names.js';
import { Random } from './random.js';

/** How many demo members there are; their ids run demo-0001 … demo-0500. */
export const DEMO_USER_COUNT = 500;
export const DEMO_EMAIL_DOMAIN = 'demo.freemarket.local';
export const DEMO_ID_PREFIX = 'demo-';

export interface DemoUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  profileImageUrl: null;
}

export function demoUserId(n: number): string {
  return `${DEMO_ID_PREFIX}${String(n).padStart(4, '0')}`;
}

/** The demo members, the same on every call. */
export function demoUsers(): DemoUser[] {
  const random = new Random(20251010);
  return Array.from({ length: DEMO_USER_COUNT }, (_, i) => {
    const n = i + 1;
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
    return { id: demoUserId(n), email: `${local}.${n}@${DEMO_EMAIL_DOMAIN}`, firstName, lastName, profileImageUrl: null };
  });
}
