import type { Tutorial } from '@freemarket/contracts';

/** '$12.50'; money is shown to two decimals (spec 02 §9). */
export function dollars(price: string): string {
  return `$${Number(price).toFixed(2)}`;
}

/** A free tutorial, or one whose price is nothing. */
export function isFreeTutorial(tutorial: Pick<Tutorial, 'isFree' | 'price'>): boolean {
  return tutorial.isFree || Number(tutorial.price) === 0;
}

/** A paid tutorial the member neither made nor is enrolled in: Enroll is theirs to press, and its video is not shown to them. */
export function awaitsEnrolment(tutorial: Pick<Tutorial, 'isFree' | 'price' | 'creatorId' | 'isEnrolled'>, meId: string): boolean {
  return !isFreeTutorial(tutorial) && tutorial.creatorId !== meId && !tutorial.isEnrolled;
}

export function viewsText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'view' : 'views'}`;
}

/** The search box's rule (spec 02 §2): the title or the description contains the text, any case. */
export function matchesSearch(tutorial: Pick<Tutorial, 'title' | 'description'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return tutorial.title.toLowerCase().includes(needle) || (tutorial.description ?? '').toLowerCase().includes(needle);
}
