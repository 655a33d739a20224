import { sql, type SQL } from 'drizzle-orm';
import { REWARD_RULES } from '@freemarket/contracts';
import type { Claim } from './credit-ledger.js';
import { utcDay } from './earning.js';

/**
 * The decisions of a batch as one statement. Window functions stand in for a loop: the k-th
 * claim of a member, action and day that is neither a duplicate nor refused is credited while
 * the day's earlier credits plus k stay within the cap.
 */
export function decisionStatement(claims: Claim[]): SQL {
  const input = claims.map(({ event, earning }, idx) => ({
    idx,
    event_id: event.id,
    user_id: earning.userId,
    action: earning.action,
    related_id: earning.relatedId,
    points: earning.points,
    description: earning.description,
    refused: earning.refused ?? null,
    day: utcDay(event.occurredAt),
    cap: REWARD_RULES[earning.action].dailyCap,
  }));
  return sql`
    with claim as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as c(
        idx int, event_id uuid, user_id text, action text, related_id text, points int,
        description text, refused text, day date, cap int)
    ), fresh as (
      -- LATERAL … LIMIT 1 keeps this an index probe per claim; as a plain NOT EXISTS the planner may
      -- pick an anti-join that reads every earning while the table grows faster than its statistics.
      select c.* from claim c
      left join lateral (
        select true as taken from rewards.reward_transactions t
        where t.type = 'earn' and t.user_id = c.user_id and t.action = c.action and t.related_id = c.related_id
        limit 1
      ) decided_before on true
      where decided_before.taken is null
        and not exists (
          select 1 from claim e
          where e.user_id = c.user_id and e.action = c.action and e.related_id = c.related_id and e.idx < c.idx)
    ), ranked as (
      select f.*,
        row_number() over (partition by f.user_id, f.action, f.day, f.refused is null order by f.idx) as nth,
        (select count(*) from rewards.reward_transactions t
          where t.user_id = f.user_id and t.action = f.action and t.earned_on = f.day and t.credited) as earlier
      from fresh f
    ), decided as (
      select r.*, case
          when r.refused is not null then r.refused
          when r.cap is not null and r.earlier + r.nth > r.cap then 'daily_cap'
        end as reason
      from ranked r
    ), inserted as (
      insert into rewards.reward_transactions
        (user_id, type, amount, action, description, related_id, credited, reason, source_event_id, earned_on)
      select user_id, 'earn', case when reason is null then points else 0 end, action, description, related_id,
        reason is null, reason, event_id, day
      from decided order by idx
      on conflict do nothing
      returning id, source_event_id, user_id, amount, credited, reason
    ), balance as (
      insert into rewards.rewards as r (user_id, balance, lifetime_earned)
      select user_id, sum(amount), sum(amount) from inserted where credited group by user_id
      on conflict (user_id) do update
      set balance = r.balance + excluded.balance, lifetime_earned = r.lifetime_earned + excluded.lifetime_earned, updated_at = now()
      returning r.user_id, r.balance
    )
    select i.source_event_id as event_id, i.id, i.amount, i.credited, i.reason, b.balance as final_balance
    from inserted i left join balance b on b.user_id = i.user_id`;
}
