import type { Expense, ExpenseType } from '@freemarket/contracts';
import { Download, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Button, buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Select, Textarea } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { MoneyInput } from '../../../components/ui/money-input';
import { toast } from '../../../components/ui/toast-store';
import { isUnauthorizedError } from '../../../lib/api-client';
import { formatMoney, moneyProblem, readPositiveMoney } from '../../../lib/money';
import { useCreateExpense } from '../api/create-expense';
import { useDeleteExpense } from '../api/delete-expense';
import { expensesCsvHref } from '../api/expenses-export';
import { useExpenseSummary } from '../api/get-expense-summary';
import { useExpenses } from '../api/get-expenses';
import { EXPENSE_LIMITS, EXPENSE_PAYMENT_METHOD_LABELS, EXPENSE_PAYMENT_METHODS, type ExpensePaymentMethod } from '../utils/shop-expense-constants';
import { Section, type ProfileSectionProps } from './section';

const LABELS: Record<ExpenseType, { title: string; noun: string }> = {
  business: { title: 'Business Expenses', noun: 'business expense' },
  personal: { title: 'Personal Expenses', noun: 'personal expense' },
};
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Today in the member's own time zone, as the date input's `YYYY-MM-DD`. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function methodLabel(method: string | null): string | null {
  return method && method in EXPENSE_PAYMENT_METHOD_LABELS ? EXPENSE_PAYMENT_METHOD_LABELS[method as ExpensePaymentMethod] : method;
}

// Its state lives inside the dialog's content, which unmounts on close: every opening starts afresh.
function ExpenseForm({ type, onDone }: { type: ExpenseType; onDone: () => void }) {
  const [amount, setAmount] = useState('');
  const [lineItem, setLineItem] = useState('');
  const [vendor, setVendor] = useState('');
  const [category, setCategory] = useState('');
  const [method, setMethod] = useState<ExpensePaymentMethod | ''>('');
  const [notes, setNotes] = useState('');
  const [date, setDate] = useState(today);
  // Checked from the first Record on, so the message goes as soon as the amount is right.
  const [checked, setChecked] = useState(false);
  const create = useCreateExpense(type, onDone);
  const id = (field: string) => `${type}-expense-${field}`;
  const amountProblem = checked && amount.trim() ? moneyProblem(readPositiveMoney(amount)) : undefined;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!amount.trim() || !lineItem.trim() || !vendor.trim()) {
      toast({ title: 'Missing Information', description: 'Please fill in amount, line item, and vendor', variant: 'destructive' });
      return;
    }
    const found = readPositiveMoney(amount);
    // Rendered at once, so the field that takes the focus below already carries its message.
    flushSync(() => setChecked(true));
    if ('error' in found) {
      document.getElementById(id('amount'))?.focus();
      return;
    }
    if (!date) {
      toast({ title: 'Missing Information', description: 'Please choose the date of the expense', variant: 'destructive' });
      return;
    }
    create.mutate({
      type,
      amount: found.amount,
      lineItem: lineItem.trim(),
      vendor: vendor.trim(),
      category: category.trim() || null,
      paymentMethod: method || null,
      notes: notes.trim() || null,
      expenseDate: date,
    });
  };

  return (
    <form className="grid gap-3" noValidate onSubmit={submit}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Amount" htmlFor={id('amount')}>
          <MoneyInput id={id('amount')} required value={amount} onValueChange={setAmount} placeholder="0.00" problem={amountProblem} />
        </Field>
        <Field label="Date" htmlFor={id('date')}>
          <Input id={id('date')} type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
        </Field>
      </div>
      <Field label="Line item" htmlFor={id('line-item')}>
        <Input id={id('line-item')} required maxLength={EXPENSE_LIMITS.lineItem} value={lineItem} onChange={(e) => setLineItem(e.target.value)} />
      </Field>
      <Field label="Vendor" htmlFor={id('vendor')}>
        <Input id={id('vendor')} required maxLength={EXPENSE_LIMITS.vendor} value={vendor} onChange={(e) => setVendor(e.target.value)} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Category" htmlFor={id('category')}>
          <Input id={id('category')} maxLength={EXPENSE_LIMITS.category} value={category} onChange={(e) => setCategory(e.target.value)} />
        </Field>
        <Field label="Payment method" htmlFor={id('method')}>
          <Select id={id('method')} value={method} onChange={(e) => setMethod(e.target.value as ExpensePaymentMethod | '')}>
            <option value="">Select a method</option>
            {EXPENSE_PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {EXPENSE_PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label="Notes" htmlFor={id('notes')}>
        <Textarea id={id('notes')} rows={2} maxLength={EXPENSE_LIMITS.notes} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Recording...' : 'Record Expense'}
        </Button>
      </div>
    </form>
  );
}

function DeleteExpenseDialog({ expense, onClose }: { expense: Expense | null; onClose: () => void }) {
  const remove = useDeleteExpense(onClose);
  return (
    <ConfirmDialog
      open={expense !== null}
      title="Delete expense?"
      description={expense ? `${expense.lineItem} from ${expense.vendor}, ${formatMoney(expense.amount)}, will be removed. This cannot be undone.` : ''}
      pending={remove.isPending}
      onConfirm={() => expense && remove.mutate(expense.id)}
      onCancel={onClose}
    />
  );
}

function ExpenseRow({ expense, onDelete }: { expense: Expense; onDelete: () => void }) {
  const details = [expense.category, methodLabel(expense.paymentMethod)].filter(Boolean);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="expense">
      <div className="grid min-w-0 gap-0.5">
        <p className="font-medium wrap-anywhere text-slate-900">
          {expense.lineItem} <span className="font-normal text-slate-700">· {expense.vendor}</span>
        </p>
        <p className="text-sm text-slate-700">
          <time dateTime={expense.expenseDate}>{DAY.format(new Date(`${expense.expenseDate}T00:00:00Z`))}</time>
          {details.length ? ` · ${details.join(' · ')}` : null}
        </p>
        {expense.notes ? <p className="text-sm wrap-anywhere whitespace-pre-line text-slate-600">{expense.notes}</p> : null}
      </div>
      <div className="flex items-center gap-2">
        <span className="font-semibold text-slate-900">{formatMoney(expense.amount)}</span>
        <Button variant="ghost" size="sm" onClick={onDelete}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete<span className="sr-only"> {expense.lineItem}</span>
        </Button>
      </div>
    </li>
  );
}

function ExpenseList({ type }: { type: ExpenseType }) {
  const { title, noun } = LABELS[type];
  const list = useExpenses(type);
  // The server's calendar years are UTC ones; the totals and the CSV cover the same year.
  const year = new Date().getUTCFullYear();
  const summary = useExpenseSummary(type, year);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  useEffect(() => {
    // An expired session has its own toast (the query cache's).
    if (list.error && !isUnauthorizedError(list.error)) toast({ title: 'Error', description: `Failed to fetch ${type} expenses`, variant: 'destructive' });
  }, [list.error, type]);

  const expenses = list.data?.pages.flatMap((p) => p.items) ?? [];
  const actions = (
    <div className="flex flex-wrap items-center gap-2">
      <a href={expensesCsvHref(type, year)} download className={buttonClass('outline', 'sm')}>
        <Download className="h-4 w-4" aria-hidden="true" /> Download CSV<span className="sr-only"> of {title.toLowerCase()}</span> for {year}
      </a>
      <Button size="sm" onClick={() => setAdding(true)}>
        <Plus className="h-4 w-4" aria-hidden="true" /> Add<span className="sr-only"> {noun}</span>
      </Button>
    </div>
  );
  let body;
  if (list.isPending) body = <p className="text-sm text-slate-600">Loading expenses...</p>;
  else if (list.isError)
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-red-700">Failed to fetch {type} expenses.</p>
        <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (!expenses.length) body = <p className="text-sm text-slate-600">No {noun}s yet.</p>;
  else
    body = (
      <>
        <ul className="divide-y divide-slate-200" aria-label={title}>
          {expenses.map((expense) => (
            <ExpenseRow key={expense.id} expense={expense} onDelete={() => setDeleting(expense)} />
          ))}
        </ul>
        <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} label={`Load more ${noun}s`} />
      </>
    );

  return (
    <Section title={title} action={actions} testId={`${type}-expenses`}>
      <div className="grid gap-3">
        {summary.data ? (
          // The totals are the year's; the list beneath holds every year.
          <p className="text-sm text-slate-800" data-testid={`${type}-expenses-total`}>
            Total for {summary.data.from.slice(0, 4)}: <span className="font-semibold">{formatMoney(summary.data.total)}</span> ({summary.data.count} {summary.data.count === 1 ? 'expense' : 'expenses'})
          </p>
        ) : null}
        {body}
      </div>
      <Dialog open={adding} onOpenChange={setAdding} title={`Add ${title.replace(/s$/, '')}`} description={`Record a ${noun} in your bookkeeping.`} hideDescription>
        <ExpenseForm type={type} onDone={() => setAdding(false)} />
      </Dialog>
      <DeleteExpenseDialog expense={deleting} onClose={() => setDeleting(null)} />
    </Section>
  );
}

/**
 * Spec 02 §2: the owner's business and personal expenses. They are the owner's own bookkeeping,
 * not profile content others see, so adding and deleting work on one's own profile whether or not
 * the page is in edit mode.
 */
export function ExpensesSection({ isOwn }: ProfileSectionProps) {
  if (!isOwn) return null;
  return (
    <>
      <ExpenseList type="business" />
      <ExpenseList type="personal" />
    </>
  );
}
