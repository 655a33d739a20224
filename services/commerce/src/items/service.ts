import type { Item, ItemInput, ItemPage, ListItemsQuery } from '@freemarket/contracts';
import { paginate, type DbOrTx } from '@freemarket/db';
import { ConflictError, ForbiddenError, NotFoundError, readCursor, type Actor, type ServiceRuntime } from '@freemarket/kit';
import type { ItemRow } from '../db/schema/index.js';
import { hasOpenPayment } from '../payments/repository.js';
import { toCents } from '../payments/transitions.js';
import { deleteItem, findItem, insertItem, itemsArePublic, pageItems, updateItem } from './repository.js';

const PAYMENT_OPEN = 'Someone is paying for this item; try again once their payment has ended';

/**
 * Items for sale (spec 02 §2, the profile's Shop tab): the seller alone changes them. While a card
 * payment for an item is open, its price is the one being paid, so it neither changes nor goes.
 */
export class ItemService {
  constructor(private readonly runtime: ServiceRuntime) {}

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
    return toItem(
      await this.runtime.transaction(async (tx) => {
        const item = await this.ownItem(tx, actor, id);
        if (priceOf(input.price) !== priceOf(item.price)) {
          if (item.status === 'sold') throw new ConflictError('This item has been sold; its price cannot change');
          if (await hasOpenPayment(tx, id)) throw new ConflictError(PAYMENT_OPEN);
        }
        return updateItem(tx, id, input);
      }),
    );
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.runtime.transaction(async (tx) => {
      await this.ownItem(tx, actor, id);
      if (await hasOpenPayment(tx, id)) throw new ConflictError(PAYMENT_OPEN);
      await deleteItem(tx, id);
    });
  }

  private async ownItem(tx: DbOrTx, actor: Actor, id: string): Promise<ItemRow> {
    const item = await findItem(tx, id, { lock: true });
    if (!item) throw new NotFoundError('Item not found');
    if (item.userId !== actor.userId) throw new ForbiddenError('Only the seller can change this item');
    return item;
  }
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
