import type { ConfirmDevPaymentBody, CreatePaymentIntentInput, PaymentIntent, PaymentsConfig, Transaction } from '@freemarket/contracts';
import { AppError, ConflictError, ForbiddenError, InvalidRequestError, NotFoundError, UnavailableError, type Actor, type Emit, type ServiceRuntime } from '@freemarket/kit';
import type { Tx } from '@freemarket/db';
import { transactions, type TransactionRow } from '../db/schema/index.js';
import { findItem } from '../items/repository.js';
import type { TransactionService } from '../transactions/service.js';
import { outcomeOf } from './events.js';
import { DevelopmentProvider, type PaymentProvider } from './provider.js';
import { findByIntent, firstDelivery, markItemSold, reservedByAnother, setTransaction } from './repository.js';
import { canMove, refundOutcome, toCents } from './transitions.js';

/** How long a started card payment holds an item for its buyer. */
const ITEM_RESERVATION_MINUTES = 30;

/** Card payments and donations (spec 02 §2 Payment screen): checked here, confirmed in the browser, settled only by the signed webhook. */
export class PaymentService {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly provider: PaymentProvider | null,
    private readonly transactions: TransactionService,
  ) {}

  config(): PaymentsConfig {
    return { provider: this.provider?.name ?? null, publishableKey: this.provider?.publishableKey ?? null };
  }

  /** Checks everything before the provider hears of it, stores the pending payment, then asks for the intent. */
  async createIntent(actor: Actor, input: CreatePaymentIntentInput): Promise<PaymentIntent> {
    const provider = this.requireProvider();
    // One transaction with the item locked: two buyers of one item are served one after the other.
    const row = await this.runtime.transaction(async (tx) => {
      const amount = await this.checkedAmount(tx, actor, input);
      const [inserted] = await tx
        .insert(transactions)
        .values({
          buyerId: actor.userId,
          sellerId: input.sellerId,
          itemId: input.itemId ?? null,
          amount,
          type: input.type,
          source: provider.name,
          paymentMethod: 'card',
          status: 'pending',
          description: input.description,
        })
        .returning();
      return inserted!;
    });
    const amount = row.amount;
    try {
      // The transaction id is Stripe's idempotency key: the SDK's retries of this call get the same intent, never a second.
      const intent = await provider.createIntent({ amountCents: toCents(amount), transactionId: row.id, description: input.description, idempotencyKey: row.id });
      await setTransaction(this.runtime.db, row.id, { stripePaymentIntentId: intent.id });
      return { clientSecret: intent.clientSecret, transactionId: row.id };
    } catch (err) {
      await setTransaction(this.runtime.db, row.id, { status: 'failed' });
      this.runtime.logger.error({ err, transactionId: row.id }, 'the payment provider refused or did not answer');
      throw new AppError(502, 'The payment provider did not answer; please try again', { cause: err });
    }
  }

  /**
   * A provider event, verified by its signature: each event id has one effect, and a payment only
   * moves forward. A success announces `payment.succeeded` (rewards credits it) and sells the item;
   * a refund records the total refunded and announces `payment.refunded` (rewards takes points back).
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    const provider = this.requireProvider();
    let event;
    try {
      event = provider.verify(rawBody, signature ?? '');
    } catch (err) {
      throw new InvalidRequestError('headers.stripe-signature: does not sign this body', { cause: err });
    }
    const outcome = outcomeOf(event);
    await this.runtime.transaction(async (tx, emit) => {
      if (!(await firstDelivery(tx, event.id, event.type)) || !outcome) return;
      const payment = await findByIntent(tx, outcome.paymentIntentId);
      if (!payment) return;
      if (outcome.kind === 'refunded') return this.applyRefund(tx, emit, payment, outcome.refundedCents);
      if (!canMove(payment.status, outcome.status)) return;
      if (outcome.status !== 'succeeded') return setTransaction(tx, payment.id, { status: outcome.status });
      await setTransaction(tx, payment.id, { status: 'succeeded', succeededAt: new Date() });
      // The reservation at checkout makes a second sale all but impossible; if one happens, it must be refunded by hand.
      if (payment.itemId && !(await markItemSold(tx, payment.itemId))) {
        this.runtime.logger.error({ transactionId: payment.id, itemId: payment.itemId }, 'a payment succeeded for an item already sold: refund it');
      }
      await emit('payment.succeeded', { transactionId: payment.id, buyerId: payment.buyerId, sellerId: payment.sellerId, amount: payment.amount, type: payment.type });
    });
  }

  private async applyRefund(tx: Tx, emit: Emit, payment: TransactionRow, refundedCents: number): Promise<void> {
    const next = refundOutcome(payment, refundedCents);
    if (!next) return;
    await setTransaction(tx, payment.id, next);
    await emit('payment.refunded', {
      transactionId: payment.id,
      buyerId: payment.buyerId,
      sellerId: payment.sellerId,
      amount: payment.amount,
      amountRefunded: next.amountRefunded,
      type: payment.type,
      succeededAnnounced: payment.succeededAt !== null,
    });
  }

  /** The development provider's card form: delivers the chosen outcome through the webhook path, signed as Stripe signs. */
  async confirmDevelopment(actor: Actor, input: Required<ConfirmDevPaymentBody>): Promise<Transaction> {
    if (!(this.provider instanceof DevelopmentProvider)) throw new NotFoundError('Development payments are not enabled');
    const intentId = this.provider.intentOf(input.clientSecret);
    const payment = intentId ? await this.runtime.transaction((tx) => findByIntent(tx, intentId)) : undefined;
    if (!intentId || !payment || payment.buyerId !== actor.userId) throw new NotFoundError('Payment not found');
    const delivery = this.provider.delivery({ id: intentId, amountCents: toCents(payment.amount), transactionId: payment.id }, input.outcome);
    await this.handleWebhook(delivery.rawBody, delivery.signature);
    return this.transactions.get(actor, payment.id);
  }

  private requireProvider(): PaymentProvider {
    if (!this.provider) throw new UnavailableError('Payments are not configured');
    return this.provider;
  }

  /**
   * The amount to charge: the item's own price for an item, else the caller's figure, after the
   * rules of who may be paid. An item is reserved by a recent pending payment for it.
   */
  private async checkedAmount(tx: Tx, actor: Actor, input: CreatePaymentIntentInput): Promise<string> {
    if (input.itemId && input.type !== 'purchase') throw new InvalidRequestError('body.type: an item is bought with a purchase');
    if (input.sellerId === actor.userId) throw new ForbiddenError('You cannot pay yourself');
    await this.transactions.requirePayee(tx, input.sellerId, input.type);
    if (!input.itemId) return input.amount;
    const item = await findItem(tx, input.itemId, { lock: true });
    if (!item || item.userId !== input.sellerId) throw new NotFoundError('Item not found');
    if (item.status !== 'available') throw new ConflictError('This item has already been sold');
    if (await reservedByAnother(tx, item.id, actor.userId, ITEM_RESERVATION_MINUTES)) throw new ConflictError('Someone else is paying for this item; try again in a few minutes');
    if (item.price === null) throw new ConflictError('This item has no price; agree one with the seller');
    if (toCents(item.price) !== toCents(input.amount)) throw new ConflictError(`The price of this item is ${item.price}`);
    return item.price;
  }
}


