import { expensePaymentMethodLabel } from '@freemarket/contracts/constants';
import type { Expense, ExpenseType } from '@freemarket/contracts';
import { Download, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { EditDeleteButtons } from '../../../components/ui/edit-delete-buttons';
import { Select } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { toast } from '../../../components/ui/toast-store';
import { isUnauthorizedError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';
import { useDeleteExpense } from '../api/delete-expense';
import { expensesCsvHref } from '../api/expenses-export';
import { useExpenseSummary } from '../api/get-expense-summary';
import { useExpenseYears } from '../api/get-expense-years';
import { useExpenses } from '../api/get-expenses';
import { ExpenseForm } from './expense-form';
import { Section, type ProfileSectionProps } from './section';

const LABELS: Record<ExpenseType, { title: string; noun: string }> = {
  business: { title: 'Business Expenses', noun: 'business expense' },
  personal: { title: 'Personal Expenses', noun: 'personal expense' },
};
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const yearOf = (expense: Expense) => Number(expense.expenseDate.slice(0, 4));

/** The years to choose from: those holding expenses, the member's current one and the one shown, latest first. */
function yearChoices(withExpenses: readonly number[], current: number, shown: number): number[] {
  return [...new Set([...withExpenses, current, shown])].sort((a, b) => b - a);
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

function ExpenseRow({ expense, onEdit, onDelete }: { expense: Expense; onEdit: () => void; onDelete: () => void }) {
  const details = [expense.category, expense.paymentMethod && expensePaymentMethodLabel(expense.paymentMethod)].filter(Boolean);
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
        <EditDeleteButtons name={expense.lineItem} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </li>
  );
}

function ExpenseList({ type }: { type: ExpenseType }) {
  const { title, noun } = LABELS[type];
  // The member's own calendar year: on December 31st evening in Los Angeles it is still that year.
  const currentYear = new Date().getFullYear();
  const [year, setYear] = useState(currentYear);
  const years = useExpenseYears(type);
  const list = useExpenses(type, year);
  const summary = useExpenseSummary(type, year);
  // Open with the expense being changed, or with null to record one.
  const [dialog, setDialog] = useState<{ expense: Expense | null } | null>(null);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  useEffect(() => {
    // An expired session has its own toast (the query cache's).
    if (list.error && !isUnauthorizedError(list.error)) toast({ title: 'Error', description: `Failed to fetch ${type} expenses`, variant: 'destructive' });
  }, [list.error, type]);
  const closeForm = () => setDialog(null);
  // A saved expense of another year brings that year's list, so the member sees what they saved.
  const saved = (expense: Expense) => {
    setYear(yearOf(expense));
    closeForm();
  };

  const yearId = `${type}-expenses-year`;
  const expenses = list.data?.pages.flatMap((p) => p.items) ?? [];
  const actions = (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={yearId} className="text-sm font-medium text-slate-800">
        Year<span className="sr-only"> of {title.toLowerCase()}</span>
      </label>
      <div className="w-24">
        <Select id={yearId} value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {yearChoices(years.data?.years ?? [], currentYear, year).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </Select>
      </div>
      <a href={expensesCsvHref(type, year)} download className={buttonClass('outline', 'sm')}>
        <Download className="h-4 w-4" aria-hidden="true" /> Download CSV<span className="sr-only"> of {title.toLowerCase()}</span> for {year}
      </a>
      <Button size="sm" onClick={() => setDialog({ expense: null })}>
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
  else if (!expenses.length) body = <p className="text-sm text-slate-600">{years.data?.years.length ? `No ${noun}s in ${year}.` : `No ${noun}s yet.`}</p>;
  else
    body = (
      <>
        <ul className="divide-y divide-slate-200" aria-label={`${title} of ${year}`}>
          {expenses.map((expense) => (
            <ExpenseRow key={expense.id} expense={expense} onEdit={() => setDialog({ expense })} onDelete={() => setDeleting(expense)} />
          ))}
        </ul>
        <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} label={`Load more ${noun}s`} />
      </>
    );

  const singular = title.replace(/s$/, '');
  return (
    <Section title={title} action={actions} testId={`${type}-expenses`}>
      <div className="grid gap-3">
        {summary.data ? (
          // The list, the totals and the CSV all cover the year chosen.
          <p className="text-sm text-slate-800" data-testid={`${type}-expenses-total`}>
            Total for {summary.data.from.slice(0, 4)}: <span className="font-semibold">{formatMoney(summary.data.total)}</span> ({summary.data.count} {summary.data.count === 1 ? 'expense' : 'expenses'})
          </p>
        ) : null}
        {body}
      </div>
      <Dialog
        open={dialog !== null}
        onOpenChange={(open) => (open ? undefined : closeForm())}
        title={dialog?.expense ? `Edit ${singular}` : `Add ${singular}`}
        description={dialog?.expense ? `Change a ${noun} in your bookkeeping.` : `Record a ${noun} in your bookkeeping.`}
        hideDescription
      >
        <ExpenseForm type={type} expense={dialog?.expense ?? null} onCancel={closeForm} onSaved={saved} />
      </Dialog>
      <DeleteExpenseDialog expense={deleting} onClose={() => setDeleting(null)} />
    </Section>
  );
}

/**
 * Spec 02 §2: the owner's business and personal expenses. They are the owner's own bookkeeping,
 * not profile content others see, so recording, changing and deleting work on one's own profile
 * whether or not the page is in edit mode.
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
