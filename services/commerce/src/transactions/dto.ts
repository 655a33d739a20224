import type { Transaction } from '@freemarket/contracts';
import { summaryFor } from '@freemarket/kit';
import type { TransactionRow, UserRow } from '../db/schema/index.js';

/** A stored transaction with its two parties, as `viewerId` may see them (e-mails only where public). */
export function toTransaction(row: TransactionRow, buyer: UserRow | null | undefined, seller: UserRow | null | undefined, viewerId: string): Transaction {
  return {
    id: row.id,
    buyerId: row.buyerId,
    sellerId: row.sellerId,
    itemId: row.itemId,
    tutorialId: row.tutorialId,
    amount: row.amount,
    type: row.type,
    source: row.source,
    paymentMethod: row.paymentMethod,
    status: row.status,
    amountRefunded: row.amountRefunded,
    refundReason: row.refundReason,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    buyer: buyer ? summaryFor(buyer, viewerId) : null,
    seller: seller ? summaryFor(seller, viewerId) : null,
  };
}
