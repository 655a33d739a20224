import type { ConfirmDevPaymentBody, CreatePaymentIntentInput, PaymentIntent, PaymentsConfig, Transaction } from '@freemarket/contracts';
import { AppError, ConflictError, ForbiddenError, InvalidRequestError, NotFoundError, UnavailableError, type Actor, type Emit, type ServiceRuntime } from '@freemarket/kit';
import type { Tx } from '@freemarket/db';
import { transactions, type TransactionRow } from '../db/schema/index.js';
import { findItem } from '../items/repository.js';
import type { TransactionService } from '../transactions/service.js';
import type { IntentCanceller } from './cancel-intents.js';
import { outcomeOf } from './events.js';
import { DevelopmentProvider, PaymentRefusedError, type PaymentProvider } from './provider.js';
import { cancelOtherOpenPayments, deleteTransaction, findByIntent, firstDelivery, heldByAnother, markItemSold, setTransaction } from './repository.js';
import { canMove, isOpen, refundOutcome, successOutcome, toCents } from './transitions.js';

/** Card payments and donations (spec 02 §2 Payment screen): checked here, confirmed in the browser, settled only by the signed webhook. */
export class PaymentService {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly provider: PaymentProvider | null,
    private readonly canceller: IntentCanceller | null,
    private readonly transactions: TransactionService,
    /** How long an open payment with no news holds its item: the sweeper's age, so the two agree. */
    private readonly ttlMinutes: number,
  ) {}

  config(): PaymentsConfig {
    return { provider: this.provider?.name ?? null, publishableKey: this.provider?.publishableKey ?? null };
  }

  /**
   * Checks everything before the provider hears of it, stores the pending payment, then asks for
   * the intent. For an item, only the newest payment can be paid: the others still open (the
   * buyer's earlier ones, or any past the hold not yet swept) are canceled, here and at the provider.
   */
  async createIntent(actor: Actor, input: CreatePaymentIntentInput): Promise<PaymentIntent> {
    const provider = this.requireProvider();
    // One transaction with the item locked: two buyers of one item are served one after the other.
    const { row, replaced } = await this.runtime.transaction(async (tx) => {
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
      return { row: inserted!, replaced: input.itemId ? await cancelOtherOpenPayments(tx, input.itemId, inserted!.id) : [] };
    });
    const [intent] = await Promise.all([this.intentFor(provider, row, input.description), this.canceller?.cancelAll(replaced, 'duplicate')]);
    return intent;
  }

  private async intentFor(provider: PaymentProvider, row: TransactionRow, description: string | null): Promise<PaymentIntent> {
    try {
      // The transaction id is Stripe's idempotency key: the SDK's retries of this call get the same intent, never a second.
      const intent = await provider.createIntent({ amountCents: toCents(row.amount), transactionId: row.id, description, idempotencyKey: row.id });
      await setTransaction(this.runtime.db, row.id, { stripePaymentIntentId: intent.id });
      return { clientSecret: intent.clientSecret, transactionId: row.id };
    } catch (err) {
      if (err instanceof PaymentRefusedError) {
        // Refused outright, the provider made no intent: nothing is left to pay or settle.
        await deleteTransaction(this.runtime.db, row.id);
        throw new AppError(err.status, `The payment provider refused this payment: ${err.message}`, { cause: err });
      }
      await setTransaction(this.runtime.db, row.id, { status: 'failed' });
      this.runtime.logger.error({ err, transactionId: row.id }, 'the payment provider did not answer');
      throw new AppError(502, 'The payment provider did not answer; please try again', { cause: err });
    }
  }

  /**
   * A provider event, verified by its signature: each event id has one effect, and a payment only
   * moves forward. A success announces `payment.succeeded` (rewards credits it), sells the item and
   * cancels the item's other open payments; a refund records the total refunded and announces
   * `payment.refunded` (rewards takes points back).
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
    const replaced = await this.runtime.transaction(async (tx, emit) => {
      if (!(await firstDelivery(tx, event.id, event.type)) || !outcome) return [];
      // The item before its payments, the order createIntent takes them in, so the two never deadlock.
      const seen = await findByIntent(tx, outcome.paymentIntentId, { lock: false });
      if (!seen) return [];
      if (seen.itemId) await findItem(tx, seen.itemId, { lock: true });
      const payment = await findByIntent(tx, outcome.paymentIntentId);
      if (!payment) return [];
      if (outcome.kind === 'refunded') {
        await this.applyRefund(tx, emit, payment, outcome.refundedCents);
        return [];
      }
      if (outcome.status === 'succeeded') return this.applySuccess(tx, emit, payment);
      if (canMove(payment.status, outcome.status)) await setTransaction(tx, payment.id, { status: outcome.status });
      return [];
    });
    await this.canceller?.cancelAll(replaced, 'duplicate');
  }

  /**
   * Stripe took the money: the payment succeeds (or, reached first by a partial refund, keeps that
   * status), its item is sold and every other open payment for the item is canceled; those are
   * returned for the provider to cancel them after the commit.
   */
  private async applySuccess(tx: Tx, emit: Emit, payment: TransactionRow): Promise<TransactionRow[]> {
    const outcome = successOutcome(payment);
    if (!outcome) return [];
    await setTransaction(tx, payment.id, outcome === 'settle' ? { status: 'succeeded', succeededAt: new Date() } : { succeededAt: new Date() });
    let replaced: TransactionRow[] = [];
    if (payment.itemId) {
      if (await markItemSold(tx, payment.itemId)) replaced = await cancelOtherOpenPayments(tx, payment.itemId, payment.id);
      // The hold makes a second sale all but impossible (two confirms at the same instant); if one happens, it must be refunded by hand.
      else this.runtime.logger.error({ transactionId: payment.id, itemId: payment.itemId }, 'a payment succeeded for an item already sold: refund it');
    }
    await emit('payment.succeeded', { transactionId: payment.id, buyerId: payment.buyerId, sellerId: payment.sellerId, amount: payment.amount, type: payment.type });
    // The refund went out before any success, so rewards had no credit to take it from: announced again, it now has.
    if (outcome === 'announce') await this.announceRefund(emit, payment, payment.amountRefunded, true);
    return replaced;
  }

  private async applyRefund(tx: Tx, emit: Emit, payment: TransactionRow, refundedCents: number): Promise<void> {
    const next = refundOutcome(payment, refundedCents);
    if (!next) return;
    await setTransaction(tx, payment.id, next);
    await this.announceRefund(emit, payment, next.amountRefunded, payment.succeededAt !== null);
  }

  private async announceRefund(emit: Emit, payment: TransactionRow, amountRefunded: string, succeededAnnounced: boolean): Promise<void> {
    await emit('payment.refunded', {
      transactionId: payment.id,
      buyerId: payment.buyerId,
      sellerId: payment.sellerId,
      amount: payment.amount,
      amountRefunded,
      type: payment.type,
      succeededAnnounced,
    });
  }

  /** The development provider's card form: delivers the chosen outcome through the webhook path, signed as Stripe signs. */
  async confirmDevelopment(actor: Actor, input: Required<ConfirmDevPaymentBody>): Promise<Transaction> {
    if (!(this.provider instanceof DevelopmentProvider)) throw new NotFoundError('Development payments are not enabled');
    const intentId = this.provider.intentOf(input.clientSecret);
    const payment = intentId ? await this.runtime.transaction((tx) => findByIntent(tx, intentId)) : undefined;
    if (!intentId || !payment || payment.buyerId !== actor.userId) throw new NotFoundError('Payment not found');
    // As at Stripe: a canceled or settled intent takes no card.
    if (!isOpen(payment)) throw new ConflictError('This payment has ended; start a new one');
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
   * rules of who may be paid. Another buyer's open payment with news within the TTL holds an item.
   */
  private async checkedAmount(tx: Tx, actor: Actor, input: CreatePaymentIntentInput): Promise<string> {
    if (input.itemId && input.type !== 'purchase') throw new InvalidRequestError('body.type: an item is bought with a purchase');
    if (input.sellerId === actor.userId) throw new ForbiddenError('You cannot pay yourself');
    await this.transactions.requirePayee(tx, input.sellerId, input.type);
    if (!input.itemId) return input.amount;
    const item = await findItem(tx, input.itemId, { lock: true });
    if (!item || item.userId !== input.sellerId) throw new NotFoundError('Item not found');
    if (item.status !== 'available') throw new ConflictError('This item has already been sold');
    if (await heldByAnother(tx, item.id, actor.userId, this.ttlMinutes)) throw new ConflictError('Someone else is paying for this item; try again in a few minutes');
    if (item.price === null) throw new ConflictError('This item has no price; agree one with the seller');
    if (toCents(item.price) !== toCents(input.amount)) throw new ConflictError(`The price of this item is ${item.price}`);
    return item.price;
  }
}


