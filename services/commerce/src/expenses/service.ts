import { EXPENSE_EXPORT_MAX_ROWS, EXPENSE_YEARS_MAX, type Expense, type ExpenseChange, type ExpenseInput, type ExpensePage, type ExpensePeriodQuery, type ExpenseSummary, type ExpenseYears, type ExpenseYearsQuery, type ListExpensesQuery } from '@freemarket/contracts';
import { paginate } from '@freemarket/db';
import { InvalidRequestError, NotFoundError, readCursor, type Actor, type ServiceRuntime } from '@freemarket/kit';
import type { ExpenseRow } from '../db/schema/index.js';
import { expensesCsv } from './csv.js';
import { deleteExpense, expenseYears, insertExpense, pageExpenses, periodExpenses, sumExpenses, updateExpense, type ExpenseScope } from './repository.js';

/** A member's own expenses (spec 02 §2, the profile's expenses): nobody else reads or changes them. */
export class ExpenseService {
  constructor(private readonly runtime: ServiceRuntime) {}

  async create(actor: Actor, input: ExpenseInput): Promise<Expense> {
    return toExpense(await insertExpense(this.runtime.db, actor.userId, input));
  }

  async list(actor: Actor, query: ListExpensesQuery): Promise<ExpensePage> {
    const rows = await pageExpenses(this.runtime.db, { userId: actor.userId, type: query.type, from: query.from, to: query.to }, { after: readCursor(query.cursor), limit: query.limit });
    const page = paginate(rows, query.limit, (r) => ({ createdAt: r.expenseDate, id: r.id }));
    return { items: page.items.map(toExpense), nextCursor: page.nextCursor };
  }

  // Someone else's expense looks missing, as one deleted meanwhile is.
  async update(actor: Actor, id: string, change: ExpenseChange): Promise<Expense> {
    const row = await updateExpense(this.runtime.db, actor.userId, id, change);
    if (!row) throw new NotFoundError('Expense not found');
    return toExpense(row);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    if (!(await deleteExpense(this.runtime.db, actor.userId, id))) throw new NotFoundError('Expense not found');
  }

  async summary(actor: Actor, query: ExpensePeriodQuery): Promise<ExpenseSummary> {
    const scope = periodOf(actor, query);
    const sums = await sumExpenses(this.runtime.db, scope);
    return { ...sums, from: scope.from, to: scope.to };
  }

  /** The years a member can choose for totals and exports: those holding their expenses. */
  async years(actor: Actor, query: ExpenseYearsQuery): Promise<ExpenseYears> {
    return { years: await expenseYears(this.runtime.db, { userId: actor.userId, type: query.type }, EXPENSE_YEARS_MAX) };
  }

  async exportCsv(actor: Actor, query: ExpensePeriodQuery): Promise<{ filename: string; csv: string }> {
    const scope = periodOf(actor, query);
    // One row past the limit tells a period that fits from one that would be cut: never a file missing rows.
    const rows = await periodExpenses(this.runtime.db, scope, EXPENSE_EXPORT_MAX_ROWS + 1);
    if (rows.length > EXPENSE_EXPORT_MAX_ROWS) {
      throw new InvalidRequestError(`querystring.from: this period holds more than ${EXPENSE_EXPORT_MAX_ROWS.toLocaleString('en-US')} expenses; export a shorter one`);
    }
    const filename = `expenses-${scope.type ?? 'all'}-${scope.from}-to-${scope.to}.csv`;
    return { filename, csv: expensesCsv(rows) };
  }
}

/**
 * A period for totals and exports: the days asked for; an end left out is the other end's
 * calendar year's (never a period that runs backwards); with neither, the current calendar year.
 */
function periodOf(actor: Actor, query: ExpensePeriodQuery): ExpenseScope & { from: string; to: string } {
  const year = (query.from ?? query.to)?.slice(0, 4) ?? String(new Date().getUTCFullYear());
  return { userId: actor.userId, type: query.type, from: query.from ?? `${year}-01-01`, to: query.to ?? `${year}-12-31` };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

function toExpense(row: ExpenseRow): Expense {
  return {
    id: row.id,
    type: row.type,
    amount: row.amount,
    lineItem: row.lineItem,
    vendor: row.vendor,
    category: row.category,
    paymentMethod: row.paymentMethod,
    notes: row.notes,
    expenseDate: day(row.expenseDate),
    createdAt: row.createdAt.toISOString(),
  };
}
