import type { Item, ItemInput, ItemPage, ListItemsQuery } from '@freemarket/contracts';
import { paginate, type DbOrTx, type Tx } from '@freemarket/db';
import { AppError, ConflictError, ForbiddenError, NotFoundError, readCursor, type Actor, type ServiceRuntime } from '@freemarket/kit';
import type { ItemRow } from '../db/schema/index.js';
import type { CancelAnswer, IntentCanceller } from '../payments/cancel-intents.js';
import { requestItemCancels } from '../payments/repository.js';
import { toCents } from '../payments/transitions.js';
import { deleteItem, findItem, insertItem, itemsArePublic, pageItems, updateItem } from './repository.js';

/**
 * Items for sale (spec 02 §2, the profile's Shop tab): the seller alone changes them. A card
 * payment pays the price it started with, so deleting an item or changing its price first cancels
 * its open payments; only one Stripe is already taking (or cannot be asked about) stops the change.
 */
export class ItemService {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly canceller: IntentCanceller,
  ) {}

  async create(actor: Actor, input: ItemInput): Promise<Item> {
    const row = await this.runtime.transaction(async (tx, emit) => {
      const saved = await insertItem(tx, actor.userId, input);
      await emit('item.listed', { itemId: saved.id, userId: actor.userId });
      return saved;
    });
    return toItem(row);
  }

  async list(actor: Actor, userId: string, query: ListItemsQuery): Promise<ItemPage> {
    if (userId !== actor.userId && !(await itemsArePublic(this.runtime.db, userId))) throw new ForbiddenError('This member keeps their items private');
    const page = paginate(await pageItems(this.runtime.db, userId, { after: readCursor(query.cursor), limit: query.limit }), query.limit);
    return { items: page.items.map(toItem), nextCursor: page.nextCursor };
  }

  async update(actor: Actor, id: string, input: ItemInput): Promise<Item> {
    const repriced = (item: ItemRow) => {
      if (priceOf(input.price) === priceOf(item.price)) return false;
      if (item.status === 'sold') throw new ConflictError('This item has been sold; its price cannot change');
      return true;
    };
    return toItem(await this.change(actor, id, repriced, (tx) => updateItem(tx, id, input)));
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.change(actor, id, () => true, (tx) => deleteItem(tx, id));
  }

  /**
   * Makes the seller's change, with the item locked. One that `endsPayments` (its deletion, a new
   * price) is made only once no payment for the item may still be paid: their cancels are made due
   * and committed, Stripe is asked with no item lock held, and the change follows in a second
   * transaction when every cancel went through. Payments started in between end with the change.
   */
  private async change<T>(actor: Actor, id: string, endsPayments: (item: ItemRow) => boolean, apply: (tx: Tx) => Promise<T>): Promise<T> {
    const first = await this.runtime.transaction(async (tx): Promise<{ done: T } | { due: string[] }> => {
      const due = await this.dueForChange(tx, actor, id, endsPayments);
      return due.length > 0 ? { due } : { done: await apply(tx) };
    });
    if (!('due' in first)) return first.done;
    const answers = await this.canceller.finishDue(first.due);
    const second = await this.runtime.transaction(async (tx) => {
      const due = await this.dueForChange(tx, actor, id, endsPayments);
      // Nothing changes while one is still due; the sweeper finishes its cancel.
      if (due.some((d) => first.due.includes(d))) throw refusal(answers);
      return { done: await apply(tx), due };
    });
    await this.canceller.finishDue(second.due);
    return second.done;
  }

  /** Locks the seller's item and, for a change that ends its payments, makes their cancels due and returns every one due. */
  private async dueForChange(tx: Tx, actor: Actor, id: string, endsPayments: (item: ItemRow) => boolean): Promise<string[]> {
    const item = await this.ownItem(tx, actor, id);
    return endsPayments(item) ? requestItemCancels(tx, id) : [];
  }

  private async ownItem(tx: DbOrTx, actor: Actor, id: string): Promise<ItemRow> {
    const item = await findItem(tx, id, { lock: true });
    if (!item) throw new NotFoundError('Item not found');
    if (item.userId !== actor.userId) throw new ForbiddenError('Only the seller can change this item');
    return item;
  }
}

/** Why a payment's cancel is still due after asking Stripe: it is taking the money, or could not be asked. */
function refusal(answers: readonly CancelAnswer[]): AppError {
  if (answers.includes('unreachable') && !answers.includes('too-late')) return new AppError(502, 'The payment provider did not answer; please try again');
  return new ConflictError('A buyer is paying for this item right now; try again in a few minutes');
}

/** A price in cents, so '20' and '20.00' are the same price; null for none. */
const priceOf = (price: string | null) => (price === null ? null : toCents(price));

export function toItem(row: ItemRow): Item {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    description: row.description,
    photos: row.photos,
    price: row.price,
    openToNegotiate: row.openToNegotiate,
    openToBarter: row.openToBarter,
    pickupAvailable: row.pickupAvailable,
    deliveryAvailable: row.deliveryAvailable,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
