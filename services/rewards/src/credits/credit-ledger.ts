import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { eventSchemas, type Envelope, type EventData, type NotCreditedReason } from '@freemarket/contracts';
import { queryRows, type OutboxTable, type Tx } from '@freemarket/db';
import { decisionStatement } from './decision-statement.js';
import type { Earning } from './earning.js';

/** What became of one claim. */
export type CreditOutcome =
  | { kind: 'credited'; rewardTransactionId: string; amount: number; balance: number }
  | { kind: 'not-credited'; rewardTransactionId: string; reason: NotCreditedReason }
  /** The member already had a decision for this thing: nothing is written. */
  | { kind: 'duplicate' };

/** The event fields a decision depends on: its id (one decision per event) and when it happened. */
export type EventKey = Pick<Envelope, 'id' | 'occurredAt'>;

/** One event's earning, waiting to be decided. */
export interface Claim {
  event: EventKey;
  earning: Earning;
}

/** `final_balance` is a bigint: node-postgres hands it over as a string, PGlite as a bigint. */
type DecisionRow = {
  event_id: string;
  id: string;
  amount: number;
  credited: boolean;
  reason: NotCreditedReason | null;
  final_balance: string | number | bigint | null;
};

/**
 * Writes earning decisions inside the consumer's transaction: `claim` first (the processed-event
 * records and the member locks), then `decide`. Credits and the records commit or roll back
 * together.
 */
export class CreditLedger {
  constructor(
    private readonly options: {
      outbox: OutboxTable;
      /** The durable consumer's name, recorded with each processed event. */
      consumer: string;
      /** Producer named in `reward.credited` envelopes. */
      producer: string;
    },
  ) {}

  /**
   * Records these events as processed by this consumer and takes their members' locks, in one
   * order so that concurrent transactions cannot deadlock. Credits of one member are then decided
   * one at a time across every instance, so the counts `decide` reads are exact: it must run as a
   * later statement, since a statement's snapshot is taken when it starts. Returns the ids of the
   * events this consumer had not processed before.
   */
  async claim(tx: Tx, claims: Claim[]): Promise<Set<string>> {
    const members = [...new Set(claims.map((c) => c.earning.userId))];
    const ids = [...new Set(claims.map((c) => c.event.id))];
    // Advisory locks, not row locks: nothing to write, and a member needs no row to be locked.
    const [row] = await queryRows<{ fresh: string[] }>(
      tx,
      sql`
      with locked as (
        -- Ordered by the lock key itself: two members whose names hash alike share a lock.
        select pg_advisory_xact_lock(hashtext('rewards.member'), k.key)
        from (select distinct hashtext(user_id) as key from unnest(${sql.param(members)}::text[]) as u(user_id) order by 1) k
      ), claimed as (
        insert into rewards.processed_events (event_id, consumer)
        select event_id, ${this.options.consumer} from unnest(${sql.param(ids)}::uuid[]) as e(event_id)
        on conflict do nothing
        returning event_id
      )
      select (select count(*) from locked) as locked, array(select event_id::text from claimed) as fresh`,
    );
    return new Set(row?.fresh ?? []);
  }

  /**
   * Decides claims as if one after another in the given order, in one statement, and announces
   * each credit with `reward.credited`. A claim is a duplicate when its member already has a
   * decision for the thing (or an earlier claim is about it); otherwise it is refused (`refused`),
   * over the day's cap (the day's credits so far plus the earlier credits of this batch), or
   * credited. Returns an outcome per claim, in order.
   */
  async decide(tx: Tx, claims: Claim[]): Promise<CreditOutcome[]> {
    const rows = await queryRows<DecisionRow>(tx, decisionStatement(claims));
    const position = new Map(claims.map((c, idx) => [c.event.id, idx]));
    const decided = rows.map((row) => ({ row, idx: position.get(row.event_id)! })).sort((a, b) => b.idx - a.idx);
    const outcomes: CreditOutcome[] = claims.map(() => ({ kind: 'duplicate' }));
    const announcements: EventData<'reward.credited'>[] = [];
    // Walking back from each member's final balance gives the balance right after each credit.
    const balanceAfter = new Map<string, number>();
    for (const { row, idx } of decided) {
      const { event, earning } = claims[idx]!;
      if (!row.credited) {
        outcomes[idx] = { kind: 'not-credited', rewardTransactionId: row.id, reason: row.reason ?? 'daily_cap' };
        continue;
      }
      const balance = balanceAfter.get(earning.userId) ?? Number(row.final_balance ?? 0);
      balanceAfter.set(earning.userId, balance - row.amount);
      outcomes[idx] = { kind: 'credited', rewardTransactionId: row.id, amount: row.amount, balance };
      announcements.push({
        rewardTransactionId: row.id,
        userId: earning.userId,
        amount: row.amount,
        action: earning.action,
        relatedId: earning.relatedId,
        balance,
        sourceEventId: event.id,
      });
    }
    await this.announce(tx, announcements.reverse());
    return outcomes;
  }

  /** `Outbox.enqueue` for many events in one insert: same envelope, same contract check. */
  private async announce(tx: Tx, credits: EventData<'reward.credited'>[]): Promise<void> {
    if (credits.length === 0) return;
    const occurredAt = new Date().toISOString();
    const rows = credits.map((data) => {
      const envelope: Envelope<'reward.credited'> = {
        id: randomUUID(),
        type: 'reward.credited',
        occurredAt,
        producer: this.options.producer,
        data: eventSchemas['reward.credited'].parse(data),
      };
      return { id: envelope.id, type: envelope.type, envelope };
    });
    await tx.insert(this.options.outbox).values(rows);
  }
}
