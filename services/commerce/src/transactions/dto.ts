import type { Transaction, UserSummary } from '@freemarket/contracts';
import type { TransactionRow } from '../db/schema/index.js';

type UserRow = { id: string; firstName: string | null; lastName: string | null; email: string | null; profileImageUrl: string | null };

/** A member from the users projection, as the API shows them. */
export function toUserSummary(row: UserRow | null | undefined): UserSummary | null {
  if (!row) return null;
  return { id: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email, profileImageUrl: row.profileImageUrl };
}

/** A stored transaction with its two parties, as the API shows it. */
export function toTransaction(row: TransactionRow, buyer: UserRow | null | undefined, seller: UserRow | null | undefined): Transaction {
  return {
    id: row.id,
    buyerId: row.buyerId,
    sellerId: row.sellerId,
    itemId: row.itemId,
    amount: row.amount,
    type: row.type,
    source: row.source,
    paymentMethod: row.paymentMethod,
    status: row.status,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    buyer: toUserSummary(buyer),
    seller: toUserSummary(seller),
  };
}
