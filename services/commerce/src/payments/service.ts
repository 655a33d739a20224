import { setTimeout as sleep } from 'node:timers/promises';
import type { ConfirmDevPaymentBody, CreatePaymentIntentInput, PaymentIntent, PaymentsConfig, Transaction } from '@freemarket/contracts';
import { AppError, ConflictError, ForbiddenError, InvalidRequestError, NotFoundError, UnavailableError, type Actor, type Emit, type ServiceRuntime } from '@freemarket/kit';
import type { Tx } from '@freemarket/db';
import { transactions, type TransactionRow } from '../db/schema/index.js';
import { findItem, itemsArePublic } from '../items/repository.js';
import { findTutorial, isPaid, tutorialOf } from '../tutorials/repository.js';
import { findTransaction } from '../transactions/repository.js';
import type { TransactionService } from '../transactions/service.js';
import type { IntentCanceller } from './cancel-intents.js';
import type { PaymentRefunder } from './refund-payments.js';
import { outcomeOf, type PaymentOutcome } from './events.js';
import { DevelopmentProvider, INTENT_MAKING_MAX_SECONDS, ITEM_HOLD_MINUTES, PaymentRefusedError, type PaymentProvider } from './provider.js';
import {
  deleteTransaction,
  findByIntent,
  findReopenable,
  lockCheckoutsOf,
  firstDelivery,
  heldByAnother,
  markItemSold,
  paidFor,
  requestCancels,
  requestCheckoutCancels,
  requestEnrolmentCancels,
  requestOversoldRefund,
  requestRefund,
  setTransaction,
  storeIntent,
  touchOpen,
  type OpenCheckout,
} from './repository.js';
import { canMove, fromCents, isOpen, refundOutcome, successOutcome, toCents, wentThrough } from './transitions.js';

/** How long a checkout waits for the intent another request is making of the same payment: within the gateway's 15 s. */
const INTENT_WAIT_MS = 10_000;
const INTENT_POLL_MS = 100;

/** Provider calls a webhook's transaction made due, by payment id, for after its commit. */
interface DueAfterCommit {
  cancels: string[];
  refunds: string[];
}

/** Card payments and donations (spec 02 §2 Payment screen): checked here, confirmed in the browser, settled only by the signed webhook. */
export class PaymentService {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly provider: PaymentProvider | null,
    private readonly canceller: IntentCanceller,
    private readonly refunder: PaymentRefunder,
    private readonly transactions: TransactionService,
    /** How long an open payment with no news holds its item: the sweeper's age, so the two agree. */
    private readonly ttlMinutes: number,
  ) {}

  config(): PaymentsConfig {
    return { provider: this.provider?.name ?? null, publishableKey: this.provider?.publishableKey ?? null };
  }

  /**
   * Checks everything before the provider hears of it, stores the pending payment, then asks for
   * the intent. For an item, only the newest payment can be paid: once its intent exists, the
   * others started before it (the buyer's earlier ones, or any past the hold not yet swept) are
   * canceled, at the provider first; for a tutorial, the buyer's own earlier ones are; for a
   * payment to a member for nothing listed (a transfer, a donation), the buyer's earlier ones to that
   * payee of that kind are. The buyer's open checkout for the same payment (payee, kind, item or
   * tutorial, amount and description) is opened again instead of a new one (a reload, Back, a
   * second tab opened at the same moment, the same amount entered again), as Stripe advises one
   * intent per purchase.
   */
  async createIntent(actor: Actor, input: CreatePaymentIntentInput, { reopen = true } = {}): Promise<PaymentIntent> {
    const provider = this.requireProvider();
    // One transaction with the buyer's checkouts and the item or tutorial locked: two payments for one are served one after the other.
    const started = await this.runtime.transaction(async (tx): Promise<{ open: TransactionRow } | { row: TransactionRow }> => {
      await lockCheckoutsOf(tx, actor.userId);
      const { amount, description } = await this.checked(tx, actor, input);
      const checkout = { buyerId: actor.userId, sellerId: input.sellerId, type: input.type, itemId: input.itemId ?? null, tutorialId: input.tutorialId ?? null, amount, description };
      const open = reopen ? await findReopenable(tx, checkout, { minutes: this.ttlMinutes, makingSeconds: INTENT_MAKING_MAX_SECONDS }) : undefined;
      if (open) return { open };
      const [inserted] = await tx
        .insert(transactions)
        .values({ ...checkout, source: provider.name, paymentMethod: 'card', status: 'pending' })
        .returning();
      return { row: inserted! };
    });
    if ('open' in started) {
      const open = started.open.stripePaymentIntentId ? started.open : await this.intentMadeElsewhere(started.open.id);
      const answer = open?.stripePaymentIntentId ? await this.reopened(provider, { ...open, stripePaymentIntentId: open.stripePaymentIntentId }) : null;
      return answer ?? this.createIntent(actor, input, { reopen: false });
    }
    const { row } = started;
    const intent = await this.intentFor(provider, row, row.description);
    if (row.itemId) await this.endEarlierPayments(row, row.itemId);
    else if (row.tutorialId) await this.endEarlierEnrolments({ ...row, tutorialId: row.tutorialId });
    else await this.endEarlierCheckouts(row);
    return intent;
  }

  /**
   * The payment another request is making the intent of (the buyer's other tab), once it has one;
   * undefined when it ended instead. Stripe refuses a second use of an idempotency key while the
   * first is running, so this waits for that request's answer rather than asking Stripe too.
   */
  private async intentMadeElsewhere(id: string): Promise<TransactionRow | undefined> {
    const deadline = Date.now() + INTENT_WAIT_MS;
    for (;;) {
      const row = await findTransaction(this.runtime.db, id);
      if (!row || !isOpen(row)) return undefined;
      if (row.stripePaymentIntentId) return row;
      if (Date.now() > deadline) throw new ConflictError('This payment is still being set up in another tab; try again in a moment');
      await sleep(INTENT_POLL_MS);
    }
  }

  /**
   * The buyer's open checkout answered again when the provider still waits for its card, its age
   * starting again; 409 while the provider is taking its money; null for a new checkout (the intent
   * canceled or held in a card check, the payment ended meanwhile, the provider not answering).
   * The provider is asked with no transaction open, so a slow answer holds no lock.
   */
  private async reopened(provider: PaymentProvider, open: OpenCheckout): Promise<PaymentIntent | null> {
    let intent;
    try {
      intent = await provider.resumeIntent(open.stripePaymentIntentId);
    } catch (err) {
      this.runtime.logger.warn({ err, transactionId: open.id }, 'could not ask the payment provider about an open payment; starting a new one');
      return null;
    }
    if (intent.state === 'paying') throw new ConflictError('This payment is already being processed; see your transaction history');
    if (intent.state === 'replace' || !(await touchOpen(this.runtime.db, open.id))) return null;
    return { clientSecret: intent.clientSecret, transactionId: open.id };
  }

  private async intentFor(provider: PaymentProvider, row: TransactionRow, description: string | null): Promise<PaymentIntent> {
    let intent;
    try {
      // The transaction id is Stripe's idempotency key: the SDK's retries of this call get the same intent, never a second.
      intent = await provider.createIntent({ amountCents: toCents(row.amount), transactionId: row.id, description, idempotencyKey: row.id });
    } catch (err) {
      if (err instanceof PaymentRefusedError) {
        // Refused outright, the provider made no intent: nothing is left to pay or settle.
        await deleteTransaction(this.runtime.db, row.id);
        // A decline is written for the payer; Stripe's reason for refusing a request is written for us.
        if (err.kind === 'card') throw new ConflictError(`The payment provider refused this payment: ${err.message}`, { cause: err });
        this.runtime.logger.warn({ err, transactionId: row.id }, 'the payment provider refused a payment intent');
        throw new InvalidRequestError('The payment provider refused this payment', { cause: err });
      }
      await setTransaction(this.runtime.db, row.id, { status: 'failed' });
      this.runtime.logger.error({ err, transactionId: row.id }, 'the payment provider did not answer');
      throw new AppError(502, 'The payment provider did not answer; please try again', { cause: err });
    }
    if (!(await storeIntent(this.runtime.db, row.id, intent.id))) {
      // Ended while the provider made the intent: its client secret never leaves here, and the intent is canceled too.
      await this.canceller.cancel({ id: row.id, stripePaymentIntentId: intent.id }, 'duplicate');
      throw new ConflictError('This payment has ended; start a new one');
    }
    return { clientSecret: intent.clientSecret, transactionId: row.id };
  }

  /** Cancels the item's open payments started before `payment`, which now has its intent. */
  private async endEarlierPayments(payment: TransactionRow, itemId: string): Promise<void> {
    const due = await this.runtime.transaction(async (tx) => {
      // The item before its payments, the order every writer takes them in.
      await findItem(tx, itemId, { lock: true });
      return requestCancels(tx, itemId, payment, 'older');
    });
    await this.canceller.finishDue(due);
  }

  /** Cancels the buyer's open payments for the tutorial started before `payment`, which now has its intent. */
  private async endEarlierEnrolments(payment: TransactionRow & { tutorialId: string }): Promise<void> {
    const due = await this.runtime.transaction(async (tx) => {
      await findTutorial(tx, payment.tutorialId, { lock: true });
      return requestEnrolmentCancels(tx, payment, 'older');
    });
    await this.canceller.finishDue(due);
  }

  /** Cancels the buyer's open checkouts to the same payee, of the same kind, started before `payment`, which now has its intent. */
  private async endEarlierCheckouts(payment: TransactionRow): Promise<void> {
    const due = await this.runtime.transaction((tx) => requestCheckoutCancels(tx, payment));
    await this.canceller.finishDue(due);
  }

  /**
   * A provider event, verified by its signature: each event id has one effect, and a payment only
   * moves forward. A success announces `payment.succeeded` (rewards credits it, social enrols a
   * tutorial's buyer), sells the item and cancels the item's other open payments; a refund records the total refunded and announces
   * `payment.refunded` (rewards takes points back). A payment being ended that is declined again
   * (after the provider was taking it) is due for its cancel at once; a refund the provider could
   * not return to the card is reported for a person. Cancels and refunds made due are asked of the
   * provider right after the commit.
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
    const nothingDue: DueAfterCommit = { cancels: [], refunds: [] };
    const due = await this.runtime.transaction(async (tx, emit): Promise<DueAfterCommit> => {
      if (!(await firstDelivery(tx, event.id, event.type)) || !outcome) return nothingDue;
      // The item or tutorial before its payments, the order createIntent takes them in, so the two never deadlock.
      const seen = await findByIntent(tx, outcome.paymentIntentId, { lock: false });
      if (!seen) return nothingDue;
      if (outcome.kind === 'refund_failed') {
        this.reportFailedRefund(seen, outcome);
        return nothingDue;
      }
      if (seen.itemId) await findItem(tx, seen.itemId, { lock: true });
      else if (seen.tutorialId) await findTutorial(tx, seen.tutorialId, { lock: true });
      const payment = await findByIntent(tx, outcome.paymentIntentId);
      if (!payment) return nothingDue;
      if (outcome.kind === 'refunded') {
        await this.applyRefund(tx, emit, payment, outcome.refundedCents);
        return nothingDue;
      }
      if (outcome.status === 'succeeded') return this.applySuccess(tx, emit, payment);
      if (canMove(payment.status, outcome.status)) {
        await setTransaction(tx, payment.id, { status: outcome.status, ...(payment.cancelDueAt && outcome.status === 'failed' ? { cancelDueAt: new Date() } : {}) });
      }
      return nothingDue;
    });
    await this.canceller.finishDue(due.cancels);
    await this.refunder.finishDue({ ids: due.refunds });
  }

  /**
   * Stripe took the money: the payment succeeds (or, reached first by a partial refund, keeps that
   * status), its item is sold, the cancel of every other open payment for the item is due, and
   * `payment.succeeded` goes out (rewards credits it). When the item was sold already (two tabs,
   * or two confirms at once, both paid), or the buyer is enrolled in the tutorial through another
   * payment, its refund is due instead and nothing is announced: the money goes back, so it earns
   * nothing. The ids due are returned for the caller to finish after the commit.
   */
  private async applySuccess(tx: Tx, emit: Emit, payment: TransactionRow): Promise<DueAfterCommit> {
    const due: DueAfterCommit = { cancels: [], refunds: [] };
    const outcome = successOutcome(payment);
    if (!outcome) return due;
    if (payment.tutorialId && (await paidFor(tx, { tutorialId: payment.tutorialId }, payment.buyerId, payment.id))) {
      if (outcome === 'settle') await setTransaction(tx, payment.id, { status: 'succeeded', cancelDueAt: null });
      await requestRefund(tx, payment.id, 'already_enrolled');
      due.refunds = [payment.id];
      return due;
    }
    if (payment.itemId && !(await markItemSold(tx, payment.itemId))) {
      // `succeededAt` stays null, the mark of a success never announced, so its refund takes back no points.
      if (outcome === 'settle') await setTransaction(tx, payment.id, { status: 'succeeded', cancelDueAt: null });
      await requestOversoldRefund(tx, payment);
      due.refunds = [payment.id];
      return due;
    }
    // A cancel still due (it raced the buyer's confirm at Stripe) has nothing left to end.
    await setTransaction(tx, payment.id, { ...(outcome === 'settle' ? { status: 'succeeded' } : {}), succeededAt: new Date(), cancelDueAt: null });
    if (payment.itemId) due.cancels = await requestCancels(tx, payment.itemId, payment, 'all');
    else if (payment.tutorialId) due.cancels = await requestEnrolmentCancels(tx, { ...payment, tutorialId: payment.tutorialId }, 'all');
    await emit('payment.succeeded', { transactionId: payment.id, buyerId: payment.buyerId, sellerId: payment.sellerId, amount: payment.amount, type: payment.type, ...tutorialOf(payment) });
    // The refund went out before any success, so rewards had no credit to take it from: announced again, it now has.
    if (outcome === 'announce') await this.announceRefund(emit, payment, payment.amountRefunded, true);
    return due;
  }

  private async applyRefund(tx: Tx, emit: Emit, payment: TransactionRow, refundedCents: number): Promise<void> {
    const next = refundOutcome(payment, refundedCents);
    if (!next) return;
    await setTransaction(tx, payment.id, next);
    await this.announceRefund(emit, payment, next.amountRefunded, payment.succeededAt !== null);
  }

  /**
   * Stripe could not return a refund to the buyer's card (a closed account, say) and put the money
   * back in our balance: the buyer is still owed it, and only a person can pay it back another way.
   */
  private reportFailedRefund(payment: TransactionRow, failure: Extract<PaymentOutcome, { kind: 'refund_failed' }>): void {
    this.runtime.logger.error(
      { transactionId: payment.id, paymentIntentId: failure.paymentIntentId, refundId: failure.refundId, amount: fromCents(failure.amountCents), failureReason: failure.failureReason, refundReason: payment.refundReason },
      'a refund failed at the payment provider: the buyer has not been paid back; refund them another way',
    );
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
      ...tutorialOf(payment),
    });
  }

  /** The development provider's card form: delivers the chosen outcome through the webhook path, signed as Stripe signs. */
  async confirmDevelopment(actor: Actor, input: Required<ConfirmDevPaymentBody>): Promise<Transaction> {
    if (!(this.provider instanceof DevelopmentProvider)) throw new NotFoundError('Development payments are not enabled');
    const intentId = this.provider.intentOf(input.clientSecret);
    const payment = intentId ? await this.runtime.transaction((tx) => findByIntent(tx, intentId)) : undefined;
    if (!intentId || !payment || payment.buyerId !== actor.userId) throw new NotFoundError('Payment not found');
    // Paid already (in another tab): as Stripe's form does, the buyer goes on to the payment's outcome.
    if (wentThrough(payment.status)) return this.transactions.get(actor, payment.id);
    // As at Stripe: a canceled intent takes no card.
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
   * The amount to charge and what the payment is for: for an item or a tutorial, its own price and
   * title (a link's figures are the client's), else the caller's, after the rules of who may be
   * paid. Another buyer's open payment with news within ITEM_HOLD_MINUTES holds an item.
   */
  private async checked(tx: Tx, actor: Actor, input: CreatePaymentIntentInput): Promise<{ amount: string; description: string | null }> {
    if (input.itemId && input.type !== 'purchase') throw new InvalidRequestError('body.type: an item is bought with a purchase');
    if (input.tutorialId) return this.checkedEnrolment(tx, actor, input, input.tutorialId);
    if (input.sellerId === actor.userId) throw new ForbiddenError('You cannot pay yourself');
    await this.transactions.requirePayee(tx, input.sellerId, input.type);
    if (!input.itemId) return { amount: input.amount, description: input.description };
    const item = await findItem(tx, input.itemId, { lock: true });
    // A shop its seller made private sells nothing to others, even from a link kept from before.
    if (!item || item.userId !== input.sellerId || !(await itemsArePublic(tx, item.userId))) throw new NotFoundError('Item not found');
    if (item.status !== 'available') {
      // Back after buying, or Buy Now in a tab opened before: the buyer's own purchase, not someone else's.
      throw new ConflictError((await paidFor(tx, { itemId: item.id }, actor.userId)) ? 'You have already bought this item' : 'This item has already been sold');
    }
    if (await heldByAnother(tx, item.id, actor.userId, Math.min(ITEM_HOLD_MINUTES, this.ttlMinutes))) throw new ConflictError('Someone else is paying for this item; try again in a few minutes');
    if (item.price === null) throw new ConflictError('This item has no price; agree one with the seller');
    if (toCents(item.price) !== toCents(input.amount)) throw new ConflictError(`The price of this item is $${item.price}`);
    return { amount: item.price, description: item.title };
  }

  /**
   * An enrolment in a tutorial: paid to its creator, at its price, by a member not enrolled yet.
   * The tutorial stays locked to the end of the caller's transaction, so a buyer's two checkouts
   * are checked one after the other.
   */
  private async checkedEnrolment(tx: Tx, actor: Actor, input: CreatePaymentIntentInput, tutorialId: string): Promise<{ amount: string; description: string }> {
    if (input.type !== 'purchase') throw new InvalidRequestError('body.type: a tutorial is bought with a purchase');
    const tutorial = await findTutorial(tx, tutorialId, { lock: true });
    if (!tutorial) throw new NotFoundError('Tutorial not found');
    if (tutorial.creatorId !== input.sellerId) throw new InvalidRequestError('body.sellerId: is not the creator of this tutorial');
    if (tutorial.creatorId === actor.userId) throw new ForbiddenError('You cannot enroll in your own tutorial');
    if (!isPaid(tutorial)) throw new InvalidRequestError('body.tutorialId: this tutorial is free; start learning without paying');
    await this.transactions.requirePayee(tx, input.sellerId, input.type);
    if (await paidFor(tx, { tutorialId: tutorial.id }, actor.userId)) throw new ConflictError('You are already enrolled in this tutorial');
    if (toCents(tutorial.price) !== toCents(input.amount)) throw new ConflictError(`The price of this tutorial is $${tutorial.price}`);
    return { amount: tutorial.price, description: `Tutorial: ${tutorial.title}` };
  }
}
