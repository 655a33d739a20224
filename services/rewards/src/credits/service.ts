import { isRemovedMember, type Envelope, type EventData } from '@freemarket/contracts';
import type { Tx } from '@freemarket/db';
import { deletionsOf, happenedBeforeDeletion, type Emit } from '@freemarket/kit';
import { deletedMembers } from '../db/schema/index.js';
import { EARNING_RULES } from '../events/consumers/index.js';
import { decideEarnings, type Claim, type Decision, type EarningEventType, type EarningRule } from './earning.js';
import { addToBalances, insertDecisions, priorCredits, type NewDecision } from './repository.js';

type Recorded = Exclude<Decision, { kind: 'duplicate' }>;
type Credited = Extract<Decision, { kind: 'credited' }>;

/**
 * Decides a batch of earning events inside the consumer's transaction: under the members' locks,
 * drops the events of members deleted after they happened (a late one credits no one) and those
 * naming a deleted member's stand-in (a payment settled after its payer left), reads what
 * the rest earned before, applies the earning rule, records each decision, moves the balances and
 * announces each credit with `reward.credited` and the balance right after it.
 */
export async function creditEarnings(tx: Tx, events: readonly Envelope<EarningEventType>[], emit: Emit): Promise<void> {
  const all = events.map((event): Claim => ({ event, earning: earningOf(event) }));
  const deletions = await deletionsOf(tx, deletedMembers, all.map((c) => c.earning.userId));
  const claims = all.filter((c) => !isRemovedMember(c.earning.userId) && !happenedBeforeDeletion(deletions, c.earning.userId, c.event.occurredAt));
  if (claims.length === 0) return;
  const decisions = decideEarnings(await priorCredits(tx, claims), claims).filter((d): d is Recorded => d.kind !== 'duplicate');
  if (decisions.length === 0) return;
  const ids = await insertDecisions(tx, decisions.map(toDecisionRow));
  const credited = decisions.filter((d): d is Credited => d.kind === 'credited');
  const balances = await addToBalances(tx, pointsPerMember(credited));
  await emit.all('reward.credited', announcements(credited, ids, balances));
}

function earningOf(event: Envelope<EarningEventType>) {
  const rule: EarningRule<EarningEventType> = EARNING_RULES[event.type];
  return rule.toEarning(event.data);
}

function toDecisionRow(decision: Recorded): NewDecision {
  const { event, earning } = decision.claim;
  const credited = decision.kind === 'credited';
  return {
    userId: earning.userId,
    amount: credited ? earning.points : 0,
    action: earning.action,
    description: earning.description,
    relatedId: earning.relatedId,
    credited,
    reason: credited ? null : decision.reason,
    sourceEventId: event.id,
    earnedOn: decision.day,
  };
}

function pointsPerMember(credited: readonly Credited[]): Map<string, number> {
  const points = new Map<string, number>();
  for (const { claim } of credited) points.set(claim.earning.userId, (points.get(claim.earning.userId) ?? 0) + claim.earning.points);
  return points;
}

/** Each credit with the member's balance right after it, counted up to the balance the batch ends on. */
function announcements(credited: readonly Credited[], ids: ReadonlyMap<string, string>, finalBalances: ReadonlyMap<string, number>): EventData<'reward.credited'>[] {
  const earned = pointsPerMember(credited);
  const running = new Map([...earned].map(([userId, points]) => [userId, (finalBalances.get(userId) ?? points) - points]));
  return credited.map(({ claim: { event, earning } }) => {
    const balance = running.get(earning.userId)! + earning.points;
    running.set(earning.userId, balance);
    return {
      rewardTransactionId: ids.get(event.id)!,
      userId: earning.userId,
      amount: earning.points,
      action: earning.action,
      relatedId: earning.relatedId,
      balance,
      sourceEventId: event.id,
    };
  });
}
