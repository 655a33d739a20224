import type pg from 'pg';

/** A card payment waiting for Stripe's word, as `POST /api/create-payment-intent` leaves it. */
export interface PendingPayment {
  transactionId: string;
  paymentIntentId: string;
  buyerId: string;
  amount: string;
  amountCents: number;
}

const BUYERS = 500;
const SELLERS = 50;

/**
 * `count` pending card purchases straight into the commerce schema, in one statement: the state
 * checkout leaves behind once Stripe has made the intent. Amounts run from $1.00 to $500.99, so
 * every one earns at least a point.
 */
export async function insertPending(db: pg.Client, tag: string, count: number): Promise<PendingPayment[]> {
  const { rows } = await db.query<{ id: string; intent: string; buyer: string; amount: string }>(
    `insert into commerce.transactions (buyer_id, seller_id, amount, type, source, payment_method, stripe_payment_intent_id, status, description)
     select 'bench-buyer-' || (n % $2), 'bench-seller-' || (n % $3), (100 + (n * 7919) % 50000) / 100.0, 'purchase', 'stripe', 'card',
            'pi_bench_' || $1 || '_' || n, 'pending', 'Benchmark purchase ' || n
       from generate_series(1, $4::int) as n
     returning id, stripe_payment_intent_id as intent, buyer_id as buyer, amount::text as amount`,
    [tag, BUYERS, SELLERS, count],
  );
  return rows.map((r) => ({ transactionId: r.id, paymentIntentId: r.intent, buyerId: r.buyer, amount: r.amount, amountCents: Math.round(Number(r.amount) * 100) }));
}

/** Points a payment earns: one per whole dollar (spec 02 §9). */
export const pointsOf = (p: PendingPayment): number => Math.floor(p.amountCents / 100);

export interface Settlement {
  succeeded: number;
  stillPending: number;
  /** Rows of commerce.stripe_events: one per event id applied. */
  eventsRecorded: number;
  /** payment.succeeded events in commerce's outbox, and how many transactions they name. */
  announced: number;
  announcedTransactions: number;
}

export async function settlement(db: pg.Client): Promise<Settlement> {
  const { rows } = await db.query<Settlement>(
    `select (select count(*)::int from commerce.transactions where status = 'succeeded') as "succeeded",
            (select count(*)::int from commerce.transactions where status = 'pending') as "stillPending",
            (select count(*)::int from commerce.stripe_events) as "eventsRecorded",
            count(*)::int as "announced",
            count(distinct envelope -> 'data' ->> 'transactionId')::int as "announcedTransactions"
       from commerce.outbox where type = 'payment.succeeded'`,
  );
  return rows[0]!;
}

export interface Credits {
  /** Purchase credits with points, and how many payments they name. */
  credited: number;
  creditedPayments: number;
  /** Decisions recorded without points (none expected). */
  refused: number;
  points: number;
  /** The buyers' balances, summed. */
  balances: number;
}

export async function credits(db: pg.Client): Promise<Credits> {
  const { rows } = await db.query<Credits>(
    `select count(*) filter (where credited)::int as "credited",
            count(distinct related_id) filter (where credited)::int as "creditedPayments",
            count(*) filter (where not credited)::int as "refused",
            coalesce(sum(amount), 0)::int as "points",
            (select coalesce(sum(balance), 0)::int from rewards.rewards where user_id like 'bench-buyer-%') as "balances"
       from rewards.reward_transactions where action = 'purchase'`,
  );
  return rows[0]!;
}

/** Purchase decisions recorded so far (the run waits for all of them). */
export async function decisions(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from rewards.reward_transactions where action = 'purchase'`);
  return rows[0]!.n;
}

/**
 * When each payment's credit row was written, in epoch ms: `created_at` is `clock_timestamp()` at
 * the insert, a few ms before its batch commits.
 */
export async function creditTimes(db: pg.Client): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: string; at: number }>(
    `select related_id as id, (extract(epoch from created_at) * 1000)::float8 as at from rewards.reward_transactions where action = 'purchase'`,
  );
  return new Map(rows.map((r) => [r.id, r.at]));
}
