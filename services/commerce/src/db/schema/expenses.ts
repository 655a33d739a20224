import { sql } from 'drizzle-orm';
import { check, index, numeric, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { EXPENSE_TYPES } from '@freemarket/contracts';
import { commerce } from './commerce-schema.js';

/** A member's own business and personal expenses (spec 02 §3), read by expense date. */
export const expenses = commerce.table(
  'expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    type: text('type', { enum: EXPENSE_TYPES }).notNull().default('business'),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    lineItem: text('line_item').notNull(),
    vendor: text('vendor').notNull(),
    category: text('category'),
    paymentMethod: text('payment_method'),
    notes: text('notes'),
    /** Midnight UTC of the expense's day, so pages by date and by id share one keyset. */
    expenseDate: timestamp('expense_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('expenses_owner_date_idx').on(t.userId, t.type, t.expenseDate, t.id),
    index('expenses_owner_all_idx').on(t.userId, t.expenseDate, t.id),
    check('expenses_amount_positive', sql`${t.amount} > 0`),
    check('expenses_type_check', sql`${t.type} in ('business', 'personal')`),
  ],
);
export type ExpenseRow = typeof expenses.$inferSelect;
