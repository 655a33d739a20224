import type { DiyContentRow } from '../db/schema/index.js';

/** A tutorial with a price to pay: neither marked free nor priced at nothing. */
export function isPaid(tutorial: Pick<DiyContentRow, 'isFree' | 'price'>): boolean {
  return !tutorial.isFree && Number(tutorial.price) > 0;
}

/** Who may watch a tutorial: anyone a free one; a paid one, its creator and the members enrolled in it. */
export function canWatch(tutorial: Pick<DiyContentRow, 'isFree' | 'price' | 'creatorId'>, viewerId: string, isEnrolled: boolean): boolean {
  return !isPaid(tutorial) || tutorial.creatorId === viewerId || isEnrolled;
}

/** Whether a refund gave back the whole payment (amounts as events carry them, '12.50'). */
export function isFullRefund(amount: string, amountRefunded: string): boolean {
  return Math.round(Number(amountRefunded) * 100) >= Math.round(Number(amount) * 100);
}
