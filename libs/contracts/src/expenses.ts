import { z } from 'zod';
import { calendarDate, clearableText, optionalText } from './primitives.js';
import { positiveAmountSchema } from './commerce.js';
import { EXPENSE_PAYMENT_METHODS } from './expense-constants.js';

export * from './expense-constants.js';

export const EXPENSE_TYPES = ['business', 'personal'] as const;
export const expenseTypeSchema = z.enum(EXPENSE_TYPES);
export type ExpenseType = z.infer<typeof expenseTypeSchema>;

export const expensePaymentMethodSchema = z.enum(EXPENSE_PAYMENT_METHODS);

export const EXPENSE_LIMITS = { lineItem: 500, vendor: 200, category: 100, notes: 2000 } as const;
/** `GET /api/expenses`: default and largest page size; the most rows one export holds. */
export const EXPENSES_LIMIT = { default: 50, max: 100 } as const;
export const EXPENSE_EXPORT_MAX_ROWS = 10_000;


/** The earliest expense date: older ones are typos, and dates before year 100 do not survive a round trip through JS dates. */
export const EXPENSE_EARLIEST_DAY = '1900-01-01';

/** A day as the form sends it (`YYYY-MM-DD`) or a full date-time; stored as that day's midnight UTC. */
const expenseDate = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'must be a date (YYYY-MM-DD)' })
  .transform((v) => v.slice(0, 10))
  .pipe(calendarDate.refine((day) => day >= EXPENSE_EARLIEST_DAY, `must be ${EXPENSE_EARLIEST_DAY} or later`))
  .transform((day) => new Date(`${day}T00:00:00.000Z`));

const lineItem = z.string().trim().min(1, 'must not be blank').max(EXPENSE_LIMITS.lineItem);
const vendor = z.string().trim().min(1, 'must not be blank').max(EXPENSE_LIMITS.vendor);

/** `POST /api/expenses` (spec 02 §3, §5): the type defaults to business, the date to today. */
export const expenseBodySchema = z.object({
  type: expenseTypeSchema.default('business'),
  amount: positiveAmountSchema,
  lineItem,
  vendor,
  category: optionalText(EXPENSE_LIMITS.category),
  paymentMethod: expensePaymentMethodSchema.nullish().transform((v) => v ?? null),
  notes: optionalText(EXPENSE_LIMITS.notes),
  expenseDate: expenseDate.nullish().transform((d) => d ?? new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`)),
});
export type ExpenseBody = z.input<typeof expenseBodySchema>;
export type ExpenseInput = z.output<typeof expenseBodySchema>;

/**
 * `PUT /api/expenses/{id}`: the fields to change. A field left out keeps its stored value (no
 * default ever replaces it); null clears an optional one.
 */
export const expenseChangeSchema = z.object({
  type: expenseTypeSchema.optional(),
  amount: positiveAmountSchema.optional(),
  lineItem: lineItem.optional(),
  vendor: vendor.optional(),
  category: clearableText(EXPENSE_LIMITS.category),
  paymentMethod: expensePaymentMethodSchema.nullable().optional(),
  notes: clearableText(EXPENSE_LIMITS.notes),
  expenseDate: expenseDate.optional(),
});
export type ExpenseChangeBody = z.input<typeof expenseChangeSchema>;
export type ExpenseChange = z.output<typeof expenseChangeSchema>;

export const expenseSchema = z.object({
  id: z.uuid(),
  type: expenseTypeSchema,
  amount: z.string(),
  lineItem: z.string(),
  vendor: z.string(),
  category: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  notes: z.string().nullable(),
  /** The day of the expense, `YYYY-MM-DD`. */
  expenseDate: z.iso.date(),
  createdAt: z.iso.datetime(),
});
export type Expense = z.infer<typeof expenseSchema>;

/**
 * A period of expenses: `from` and `to` are days, both included. For the summary and the export, a
 * period given by one end runs to that end's calendar year's other end; with neither, the current
 * calendar year.
 */
const period = {
  type: expenseTypeSchema.optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
};

/** `GET /api/expenses?type&from&to&limit&cursor`: the member's own, latest expense date first. */
export const listExpensesQuerySchema = z.object({
  ...period,
  limit: z.coerce.number().int().min(1).max(EXPENSES_LIMIT.max).default(EXPENSES_LIMIT.default),
  cursor: z.string().min(1).max(200).optional(),
});
export type ListExpensesQuery = z.infer<typeof listExpensesQuerySchema>;

export const expensePageSchema = z.object({ items: z.array(expenseSchema), nextCursor: z.string().nullable() });
export type ExpensePage = z.infer<typeof expensePageSchema>;

/** `GET /api/expenses/summary` and `GET /api/expenses/export.csv`: one period. */
export const expensePeriodQuerySchema = z.object(period).refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'must not be before from' });
export type ExpensePeriodQuery = z.infer<typeof expensePeriodQuerySchema>;

const total = z.object({ total: z.string(), count: z.number().int().nonnegative() });
/** Totals of a period: in all, per category (none as null), and per month (`YYYY-MM`). */
export const expenseSummarySchema = total.extend({
  from: z.iso.date(),
  to: z.iso.date(),
  byCategory: z.array(total.extend({ category: z.string().nullable() })),
  byMonth: z.array(total.extend({ month: z.string() })),
});
export type ExpenseSummary = z.infer<typeof expenseSummarySchema>;

/** `GET /api/expenses/years?type`: the calendar years holding the member's expenses (of a type, or both), latest first. */
export const expenseYearsQuerySchema = z.object({ type: expenseTypeSchema.optional() });
export type ExpenseYearsQuery = z.infer<typeof expenseYearsQuerySchema>;
/** The most years one answer lists: the latest ones, more than a century of bookkeeping. */
export const EXPENSE_YEARS_MAX = 200;
export const expenseYearsSchema = z.object({ years: z.array(z.number().int()) });
export type ExpenseYears = z.infer<typeof expenseYearsSchema>;

export const expenseParamsSchema = z.object({ id: z.uuid() });
