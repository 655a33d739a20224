import type { Item, ItemInput, ItemPage, ListItemsQuery } from '@freemarket/contracts';
import { paginate, type DbOrTx } from '@freemarket/db';
import { AppError, ConflictError, ForbiddenError, NotFoundError, readCursor, type Actor, type ServiceRuntime } from '@freemarket/kit';
import type { ItemRow } from '../db/schema/index.js';
import type { IntentCanceller, ItemPaymentsEnded } from '../payments/cancel-intents.js';
import { toCents } from '../payments/transitions.js';
import { deleteItem, findItem, insertItem, itemsArePublic, pageItems, updateItem } from './repository.js';

/**
 * Items for sale (spec 02 §2, the profile's Shop tab): the seller alone changes them. A card
 * payment pays the price it started with, so deleting an item or changing its price first cancels
 * its open payments; only one Stripe is already taking stops the change.
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
    const updated = await this.runtime.transaction(async (tx) => {
      const item = await this.ownItem(tx, actor, id);
      if (priceOf(input.price) !== priceOf(item.price)) {
        if (item.status === 'sold') throw new ConflictError('This item has been sold; its price cannot change');
        const ended = await this.canceller.endItemPayments(tx, id);
        // Returned, not thrown: the payments already canceled stay canceled.
        if (ended !== 'ended') return ended;
      }
      return updateItem(tx, id, input);
    });
    return toItem(unlessPaid(updated));
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const removed = await this.runtime.transaction(async (tx) => {
      await this.ownItem(tx, actor, id);
      const ended = await this.canceller.endItemPayments(tx, id);
      if (ended !== 'ended') return ended;
      await deleteItem(tx, id);
      return null;
    });
    unlessPaid(removed);
  }

  private async ownItem(tx: DbOrTx, actor: Actor, id: string): Promise<ItemRow> {
    const item = await findItem(tx, id, { lock: true });
    if (!item) throw new NotFoundError('Item not found');
    if (item.userId !== actor.userId) throw new ForbiddenError('Only the seller can change this item');
    return item;
  }
}

/** The change's result, or why it could not be made: a payment for the item Stripe is taking or could not be asked about. */
function unlessPaid<T>(result: T | Exclude<ItemPaymentsEnded, 'ended'>): T {
  if (result === 'being-paid') throw new ConflictError('A buyer is paying for this item right now; try again in a few minutes');
  if (result === 'unreachable') throw new AppError(502, 'The payment provider did not answer; please try again');
  return result;
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
