import { z } from 'zod';
import { optionalText } from './primitives.js';
import { amountFormRules, amountSchema, PAYMENT_MAX_AMOUNT, PAYMENT_MIN_AMOUNT, transactionTypeSchema } from './commerce.js';

export const PAYMENT_DESCRIPTION_MAX = 500;

/** An amount one card payment can be (`isCardAmount`). */
export const cardAmountSchema = amountSchema([
  ...amountFormRules,
  [(a) => Number(a) >= Number(PAYMENT_MIN_AMOUNT), `must be at least ${PAYMENT_MIN_AMOUNT}, the smallest card payment`],
  [(a) => Number(a) <= PAYMENT_MAX_AMOUNT, `must be at most ${PAYMENT_MAX_AMOUNT}`],
]);

/**
 * `POST /api/create-payment-intent` (spec 02 §7): for an item or a tutorial (an enrolment), the
 * amount must be its price and the seller its owner; a payment is for one of them at most.
 */
export const createPaymentIntentBodySchema = z
  .object({
    amount: cardAmountSchema,
    sellerId: z.string().min(1).max(255),
    itemId: z.uuid().nullish(),
    tutorialId: z.uuid().nullish(),
    type: transactionTypeSchema.default('purchase'),
    description: optionalText(PAYMENT_DESCRIPTION_MAX),
  })
  .refine((p) => !(p.itemId && p.tutorialId), { path: ['tutorialId'], message: 'a payment is for an item or a tutorial, not both' });
export type CreatePaymentIntentBody = z.input<typeof createPaymentIntentBodySchema>;
export type CreatePaymentIntentInput = z.output<typeof createPaymentIntentBodySchema>;

export const paymentIntentSchema = z.object({ clientSecret: z.string(), transactionId: z.uuid() });
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

/**
 * `GET /api/payments/config`: which provider takes cards. `stripe` with its publishable key;
 * `development` in local mode (no real money); null when neither is configured.
 */
export const paymentsConfigSchema = z.object({
  provider: z.enum(['stripe', 'development']).nullable(),
  publishableKey: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/** `POST /api/payments/dev/confirm`: the development provider's card form, ending as the chosen outcome. */
export const confirmDevPaymentBodySchema = z.object({
  clientSecret: z.string().min(1).max(300),
  outcome: z.enum(['succeeded', 'failed']).default('succeeded'),
});
export type ConfirmDevPaymentBody = z.input<typeof confirmDevPaymentBodySchema>;

/** `POST /api/stripe/webhook`: the provider's event is taken (it retries anything else). */
export const webhookReceiptSchema = z.object({ received: z.literal(true) });
