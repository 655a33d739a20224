import { createHmac, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { RefundReason } from '@freemarket/contracts';
import type { PaymentsConfig } from '../config.js';

/** Why we cancel an intent, in Stripe's words: nobody paid it in time, or another payment replaced it. */
export type CancelReason = 'abandoned' | 'duplicate';

/**
 * The provider refused a request outright, as opposed to not answering: `card` for a card error,
 * whose message is written for the payer; `invalid-request` for a request it will not do, whose
 * message is written for us.
 */
export class PaymentRefusedError extends Error {
  override name = 'PaymentRefusedError';
  constructor(
    readonly kind: 'card' | 'invalid-request',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A webhook delivery as Stripe sends one: the raw body and its `Stripe-Signature` header. */
export interface SignedDelivery {
  rawBody: Buffer;
  signature: string;
}

/**
 * Where a buyer's open checkout stands at the provider: `waiting` for a card (its form opens on it
 * again), `paying` (the money is being taken or was: its webhook settles it), or `replace` (canceled,
 * gone, or held up in a card check another tab started: a new checkout takes its place).
 */
export type OpenIntent = { state: 'waiting'; clientSecret: string } | { state: 'paying' } | { state: 'replace' };

/** What we ask of a card payment provider: a payment intent to confirm in the browser, and signed events back. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'development';
  readonly publishableKey: string | null;
  /**
   * Creates the intent; `idempotencyKey` makes a retried call return the same intent, never a
   * second one. Throws `PaymentRefusedError` when the provider refuses it, anything else when it
   * cannot be asked.
   */
  createIntent(input: { amountCents: number; transactionId: string; description: string | null; idempotencyKey: string }): Promise<{ id: string; clientSecret: string }>;
  /**
   * Cancels an intent: `canceled` (now or before), or `too-late` when Stripe has taken the money or
   * is taking it (its webhook settles the payment). Throws when Stripe cannot be asked.
   */
  cancelIntent(id: string, reason: CancelReason): Promise<'canceled' | 'too-late'>;
  /** Where an open checkout's intent stands, to open the buyer's form on it again. Throws when the provider cannot be asked. */
  resumeIntent(id: string): Promise<OpenIntent>;
  /**
   * Gives back what is left of a succeeded intent's money, so asking again never gives back more.
   * Stripe reports the refund by webhook (`charge.refunded`); the development provider, which has no
   * servers to send one, answers with that delivery for the caller to hand to the webhook handler.
   * Throws `PaymentRefusedError` when the provider will not make it, anything else when it cannot
   * be asked.
   */
  refund(input: { intentId: string; amountCents: number; transactionId: string; reason: RefundReason | null }): Promise<SignedDelivery | null>;
  /** The event behind a webhook delivery; throws when the signature does not hold. */
  verify(rawBody: Buffer, signature: string): Stripe.Event;
}

/** Intent states in which a buyer's form can take a card: nothing is being charged yet. */
const WAITING: ReadonlySet<Stripe.PaymentIntent.Status> = new Set(['requires_payment_method', 'requires_confirmation']);
/** How long a buyer's reopened checkout waits for Stripe's word on its intent before starting a new one. */
const RESUME_TIMEOUT_MS = 5_000;
/** Intent states in which money is being taken or was taken. */
const PAYING: ReadonlySet<Stripe.PaymentIntent.Status> = new Set(['processing', 'requires_capture', 'succeeded']);

/** Each call to Stripe: attempts of up to 10 s, retried twice by the SDK. */
const STRIPE_TIMEOUT_MS = 10_000;
const STRIPE_RETRIES = 2;
/**
 * The longest an intent can take to be made (every attempt run out, with the SDK's backoff): a
 * payment still without one after this has none coming.
 */
export const INTENT_MAKING_MAX_SECONDS = 60;

/**
 * How long an item stays held for a buyer whose checkout has had no news (a reload, a declined
 * card): long enough to type a card, short enough that Buy Now opened and left keeps nobody else
 * from buying for long. The next buyer's payment then ends the earlier one.
 */
export const ITEM_HOLD_MINUTES = 10;

/** Stripe through its official SDK. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly config: Extract<PaymentsConfig, { provider: 'stripe' }>) {
    this.stripe = new Stripe(config.secretKey, { maxNetworkRetries: STRIPE_RETRIES, timeout: STRIPE_TIMEOUT_MS, ...(config.api ?? {}) });
  }

  get publishableKey(): string {
    return this.config.publishableKey;
  }

  async createIntent(input: { amountCents: number; transactionId: string; description: string | null; idempotencyKey: string }) {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          automatic_payment_methods: { enabled: true },
          metadata: { transactionId: input.transactionId },
          ...(input.description ? { description: input.description } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (err) {
      // Stripe's answer to a request it will not do (an amount under its minimum, a declined card); the rest are outages.
      if (err instanceof Stripe.errors.StripeCardError) throw new PaymentRefusedError('card', err.message, { cause: err });
      if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new PaymentRefusedError('invalid-request', err.message, { cause: err });
      throw err;
    }
    if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async cancelIntent(id: string, reason: CancelReason): Promise<'canceled' | 'too-late'> {
    try {
      // No key of our own: a cancel is safe to repeat, and Stripe replays a key's first answer (a 500,
      // or 'processing') for 24 hours. The SDK keys its own retries within this call.
      await this.stripe.paymentIntents.cancel(id, { cancellation_reason: reason });
      return 'canceled';
    } catch (err) {
      // Stripe answers an intent it can no longer cancel with its current state.
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state') {
        return err.payment_intent?.status === 'canceled' ? 'canceled' : 'too-late';
      }
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return 'canceled';
      throw err;
    }
  }

  async resumeIntent(id: string): Promise<OpenIntent> {
    try {
      // Asked while the buyer waits for their form: one attempt, no SDK retries.
      const intent = await this.stripe.paymentIntents.retrieve(id, {}, { maxNetworkRetries: 0, timeout: RESUME_TIMEOUT_MS });
      if (WAITING.has(intent.status) && intent.client_secret) return { state: 'waiting', clientSecret: intent.client_secret };
      return PAYING.has(intent.status) ? { state: 'paying' } : { state: 'replace' };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return { state: 'replace' };
      throw err;
    }
  }

  async refund(input: { intentId: string; transactionId: string; reason: RefundReason | null }): Promise<null> {
    try {
      // No amount: the rest of the charge, so a repeat cannot give back twice. No key of our own, as
      // with cancels: Stripe would replay a key's first answer (a 500 too) for 24 hours.
      await this.stripe.refunds.create({
        payment_intent: input.intentId,
        ...(input.reason === 'paid_twice' ? { reason: 'duplicate' as const } : {}),
        metadata: { transactionId: input.transactionId, ...(input.reason ? { refundReason: input.reason } : {}) },
      });
    } catch (err) {
      // Refunded in full already (by the seller in Stripe's dashboard, say): nothing is left to give back.
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') return null;
      // Any other request Stripe will not do (a disputed charge) stays refused however often it is asked.
      if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new PaymentRefusedError('invalid-request', err.message, { cause: err });
      throw err;
    }
    return null;
  }

  verify(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
  }
}

/**
 * Local mode's card payments, no real money: intents made here, and their outcome delivered as a
 * Stripe-shaped event signed with Stripe's scheme, so it goes through the same webhook handler.
 */
export class DevelopmentProvider implements PaymentProvider {
  readonly name = 'development';
  readonly publishableKey = null;

  constructor(private readonly webhookSecret: string) {}

  async createIntent(input: { amountCents: number; transactionId: string; idempotencyKey: string }) {
    const id = `pi_dev_${input.idempotencyKey.replaceAll('-', '')}`;
    return { id, clientSecret: this.secretOf(id) };
  }

  /** Development intents live nowhere but in our table: there is nothing to cancel elsewhere. */
  async cancelIntent(): Promise<'canceled'> {
    return 'canceled';
  }

  /** Whether a development intent can still be paid is our table's to say (`openPayment`), which the caller read. */
  async resumeIntent(id: string): Promise<OpenIntent> {
    return { state: 'waiting', clientSecret: this.secretOf(id) };
  }

  /** The intent a client secret belongs to (its prefix, as with Stripe), if the secret is one we made. */
  intentOf(clientSecret: string): string | null {
    const id = clientSecret.split('_secret_')[0] ?? '';
    return id.startsWith('pi_dev_') && this.secretOf(id) === clientSecret ? id : null;
  }

  /** Derived from the intent, so no intent needs remembering between the two calls. */
  private secretOf(id: string): string {
    return `${id}_secret_${createHmac('sha256', this.webhookSecret).update(id).digest('hex').slice(0, 24)}`;
  }

  /** A signed webhook delivery for the intent's outcome, as Stripe would send it. */
  delivery(intent: { id: string; amountCents: number; transactionId: string }, outcome: 'succeeded' | 'failed'): SignedDelivery {
    return this.signed(outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amountCents,
      currency: 'usd',
      status: outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method',
      metadata: { transactionId: intent.transactionId },
      last_payment_error: outcome === 'failed' ? { message: 'Your card was declined.' } : null,
    });
  }

  /** The whole amount back at once: the `charge.refunded` Stripe would send, signed. */
  async refund(input: { intentId: string; amountCents: number }): Promise<SignedDelivery> {
    return this.signed('charge.refunded', {
      id: `ch_dev_${input.intentId.slice('pi_dev_'.length)}`,
      object: 'charge',
      payment_intent: input.intentId,
      amount: input.amountCents,
      amount_refunded: input.amountCents,
      refunded: true,
      currency: 'usd',
    });
  }

  private signed(type: string, object: Record<string, unknown>): SignedDelivery {
    const payload = JSON.stringify({ id: `evt_dev_${randomUUID().replaceAll('-', '')}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
    return { rawBody: Buffer.from(payload), signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret }) };
  }

  verify(rawBody: Buffer, signature: string): Stripe.Event {
    return Stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
  }
}

export function paymentProviderFor(config: PaymentsConfig): PaymentProvider | null {
  switch (config.provider) {
    case 'stripe':
      return new StripeProvider(config);
    case 'development':
      return new DevelopmentProvider(config.webhookSecret);
    case null:
      return null;
    default: {
      const unreachable: never = config;
      throw new Error(`unknown payment provider ${JSON.stringify(unreachable)}`);
    }
  }
}
