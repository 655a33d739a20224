import type { NotCreditedReason, RewardAction, RewardTransaction } from '@freemarket/contracts';

/** What each action is called in 'Recent Activity' when the transaction has no description. */
const ACTION_LABELS: Readonly<Record<RewardAction, string>> = {
  review: 'Review written',
  survey_response: 'Survey completed',
  event_attendance: 'Event attended',
  referral: 'Business referred',
  purchase: 'Purchase',
  redemption: 'Points redeemed',
  project_join: 'Project joined',
  diy_content: 'Tutorial created',
};

const NOT_CREDITED: Readonly<Record<NotCreditedReason, string>> = {
  daily_cap: 'No points: the daily limit for this was reached',
  under_one_dollar: 'No points: payments under $1 earn none',
  self: 'No points: your own content earns none',
  not_a_purchase: 'No points: only purchases earn points',
};

export function transactionTitle(t: RewardTransaction): string {
  return t.description || ACTION_LABELS[t.action];
}

/** '+5', '-100', or '0' for an earning that was recorded without points. */
export function transactionAmount(t: RewardTransaction): string {
  if (!t.credited) return '0';
  return t.type === 'spend' ? `-${Math.abs(t.amount)}` : `+${t.amount}`;
}

/** Why an earning brought no points; null when it did. */
export function notCreditedText(t: RewardTransaction): string | null {
  return t.credited ? null : t.reason ? NOT_CREDITED[t.reason] : 'No points';
}
