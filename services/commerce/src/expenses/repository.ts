import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { olderThan, queryRows, type DbOrTx, type TimeIdKey } from '@freemarket/db';
import type { ExpenseChange, ExpenseInput, ExpenseType } from '@freemarket/contracts';
import { expenses, type ExpenseRow } from '../db/schema/index.js';

/** A member's expenses of a type (or both) from day `from` to day `to`, both included (`YYYY-MM-DD`; open when left out). */
export interface ExpenseScope {
  userId: string;
  type?: ExpenseType;
  from?: string;
  to?: string;
}

function inScope(scope: ExpenseScope): SQL[] {
  const conditions: SQL[] = [eq(expenses.userId, scope.userId)];
  if (scope.type) conditions.push(eq(expenses.type, scope.type));
  // Day arithmetic in Postgres: the day after 9999-12-31 is one it can hold, and JS cannot write.
  if (scope.from) conditions.push(sql`${expenses.expenseDate} >= ${scope.from}::date::timestamp at time zone 'UTC'`);
  if (scope.to) conditions.push(sql`${expenses.expenseDate} < (${scope.to}::date + 1)::timestamp at time zone 'UTC'`);
  return conditions;
}

export async function insertExpense(db: DbOrTx, userId: string, input: ExpenseInput): Promise<ExpenseRow> {
  const [row] = await db
    .insert(expenses)
    .values({ userId, ...input })
    .returning();
  return row!;
}

/** Sets the fields the change names on the owner's expense (Drizzle leaves undefined ones as they are); none when it is not theirs or gone. */
export async function updateExpense(db: DbOrTx, owner: string, id: string, change: ExpenseChange): Promise<ExpenseRow | undefined> {
  const [row] = await db
    .update(expenses)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(expenses.id, id), eq(expenses.userId, owner)))
    .returning();
  return row;
}

/** Deletes the owner's expense; false when it is not theirs or already gone. */
export async function deleteExpense(db: DbOrTx, owner: string, id: string): Promise<boolean> {
  const deleted = await db.delete(expenses).where(and(eq(expenses.id, id), eq(expenses.userId, owner))).returning({ id: expenses.id });
  return deleted.length > 0;
}

/** One page, latest expense date first. */
export function pageExpenses(db: DbOrTx, scope: ExpenseScope, options: { after?: TimeIdKey; limit: number }): Promise<ExpenseRow[]> {
  const conditions = inScope(scope);
  if (options.after) conditions.push(olderThan(expenses.expenseDate, expenses.id, options.after));
  return db
    .select()
    .from(expenses)
    .where(and(...conditions))
    .orderBy(desc(expenses.expenseDate), desc(expenses.id))
    .limit(options.limit + 1);
}

/** Every expense of the period, oldest first, up to `limit`: what an export holds. */
export function periodExpenses(db: DbOrTx, scope: ExpenseScope, limit: number): Promise<ExpenseRow[]> {
  return db
    .select()
    .from(expenses)
    .where(and(...inScope(scope)))
    .orderBy(asc(expenses.expenseDate), asc(expenses.id))
    .limit(limit);
}

// No fixed precision: a member's totals may pass what one numeric(10,2) amount can hold.
const total = sql<string>`round(coalesce(sum(${expenses.amount}), 0), 2)::text`;
const month = sql<string>`to_char(${expenses.expenseDate} at time zone 'UTC', 'YYYY-MM')`;

/** Totals of the period, computed by Postgres: in all, by category and by month. */
export async function sumExpenses(db: DbOrTx, scope: ExpenseScope) {
  const where = and(...inScope(scope));
  const [all, byCategory, byMonth] = await Promise.all([
    db.select({ total, count: count() }).from(expenses).where(where),
    db.select({ category: expenses.category, total, count: count() }).from(expenses).where(where).groupBy(expenses.category).orderBy(desc(sql`sum(${expenses.amount})`)),
    db.select({ month, total, count: count() }).from(expenses).where(where).groupBy(month).orderBy(month),
  ]);
  return { ...all[0]!, byCategory, byMonth };
}

const yearOf = sql<number>`extract(year from ${expenses.expenseDate} at time zone 'UTC')::int`;

/**
 * The calendar years holding a member's expenses, latest first, up to `limit`. Each step jumps to
 * the latest expense before the year found last, one probe of the owner's date index per year
 * instead of a read of every expense.
 */
export async function expenseYears(db: DbOrTx, scope: Pick<ExpenseScope, 'userId' | 'type'>, limit: number): Promise<number[]> {
  const owner = and(...inScope(scope));
  const latestYear = (before: SQL | undefined) =>
    sql`(select ${yearOf} from ${expenses} where ${before ? and(owner, before) : owner} order by ${expenses.expenseDate} desc limit 1)`;
  const rows = await queryRows<{ year: number }>(db, sql`
    with recursive found(year) as (
      select ${latestYear(undefined)}
      union all
      select ${latestYear(sql`${expenses.expenseDate} < make_timestamptz(found.year, 1, 1, 0, 0, 0, 'UTC')`)} from found where found.year is not null
    )
    select year from found where year is not null limit ${limit}`);
  return rows.map((r) => Number(r.year));
}
