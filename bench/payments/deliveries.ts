import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import type { PendingPayment } from './ledger.js';

/** One POST of an event to the webhook; a duplicate carries an event id delivered before. */
export interface Delivery {
  payment: PendingPayment;
  eventId: string;
  duplicate: boolean;
  /** The event as Stripe serialises it; a redelivery sends the same bytes with a fresh signature. */
  payload: string;
}

export interface Sent {
  delivery: Delivery;
  /** Wall-clock ms when the request left (comparable with Postgres's clock). */
  sentAt: number;
  /** Request to whole answer, ms. */
  latencyMs: number;
  status: number;
}

/** The deliveries' share that repeats an event, as the task asks: a third. */
const DUPLICATE_SHARE = 1 / 3;
/**
 * How far behind its first delivery a duplicate comes, in deliveries: half within the next five
 * (the two are in flight together and race for the event id), half up to a thousand later (a
 * retry seconds afterwards).
 */
const RACING_WITHIN = 5;
const LATE_WITHIN = 1000;

/** How many distinct events `deliveries` deliveries carry. */
export const distinctEvents = (deliveries: number): number => deliveries - Math.floor(deliveries * DUPLICATE_SHARE);

/** A small seeded generator: the same run order every time. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A `payment_intent.succeeded` event for the payment, shaped as Stripe sends it. */
function succeededEvent(payment: PendingPayment, eventId: string, created: number): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: payment.transactionId },
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: payment.paymentIntentId,
        object: 'payment_intent',
        amount: payment.amountCents,
        amount_received: payment.amountCents,
        currency: 'usd',
        status: 'succeeded',
        capture_method: 'automatic_async',
        confirmation_method: 'automatic',
        automatic_payment_methods: { enabled: true, allow_redirects: 'always' },
        latest_charge: `ch_${payment.paymentIntentId.slice(3)}`,
        payment_method: `pm_${payment.paymentIntentId.slice(3)}`,
        payment_method_types: ['card'],
        metadata: { transactionId: payment.transactionId },
        created,
        livemode: false,
      },
    },
  });
}

/**
 * The run order: one event per payment, and a third of all deliveries repeating an event already
 * sent (each event at most twice), placed at most LATE_WITHIN deliveries after its first.
 */
export function schedule(payments: PendingPayment[], deliveries: number, tag: string, seed: number): Delivery[] {
  const events = distinctEvents(deliveries);
  if (payments.length !== events) throw new Error(`${deliveries} deliveries need ${events} payments, got ${payments.length}`);
  const next = random(seed);
  const created = Math.floor(Date.now() / 1000);
  const firsts = payments.map((payment, i) => {
    const eventId = `evt_bench_${tag}_${i}`;
    return { at: i, delivery: { payment, eventId, duplicate: false, payload: succeededEvent(payment, eventId, created) } };
  });
  const repeats = Array.from({ length: deliveries - events }, (_, j) => {
    const first = firsts[Math.floor((j * events) / (deliveries - events))]!;
    const within = j % 2 === 0 ? RACING_WITHIN : LATE_WITHIN;
    return { at: first.at + 0.5 + next() * within, delivery: { ...first.delivery, duplicate: true } };
  });
  return [...firsts, ...repeats].sort((a, b) => a.at - b.at).map((d) => d.delivery);
}

/**
 * Sends the deliveries at `rate` a second whatever the answers do (an open loop: a slow answer
 * never holds back the next send, so queueing shows in the latencies), each signed as Stripe signs
 * it at that moment.
 */
export async function deliverAll(url: string, secret: string, deliveries: Delivery[], rate: number): Promise<{ sent: Sent[]; seconds: number }> {
  const sent: Sent[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let issued = 0;
  while (issued < deliveries.length) {
    const due = Math.min(deliveries.length, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
    for (; issued < due; issued++) {
      const p = deliverOne(url, secret, deliveries[issued]!).then((s) => void sent.push(s));
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
    // Asleep until the next one is due: a 1 ms poll would cost the sender more than its sends.
    await sleep(Math.max(1, (issued * 1000) / rate - (performance.now() - started)));
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(inFlight);
  return { sent, seconds };
}

/** Keep-alive connections, as Stripe's sender keeps them; node:http costs the sender far less CPU a request than fetch. */
const agent = new Agent({ keepAlive: true });

function post(url: URL, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      // Read whole: the answer ends when its body does.
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
      res.once('error', () => resolve(0));
    });
    // No answer at all (refused, reset): a failure with status 0.
    req.once('error', () => resolve(0));
    req.end(body);
  });
}

async function deliverOne(url: string, secret: string, delivery: Delivery): Promise<Sent> {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: delivery.payload, secret });
  const sentAt = Date.now();
  const t = performance.now();
  const status = await post(
    new URL('/api/stripe/webhook', url),
    { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
    delivery.payload,
  );
  return { delivery, sentAt, latencyMs: performance.now() - t, status };
}
