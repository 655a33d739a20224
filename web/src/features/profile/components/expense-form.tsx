import { EXPENSE_PAYMENT_METHOD_LABELS, EXPENSE_PAYMENT_METHODS, type ExpensePaymentMethod } from '@freemarket/contracts/constants';
import type { Expense, ExpenseType } from '@freemarket/contracts';
import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../../components/ui/field';
import { MoneyInput } from '../../../components/ui/money-input';
import { toast } from '../../../components/ui/toast-store';
import { moneyProblem, readPositiveMoney } from '../../../lib/money';
import { useCreateExpense } from '../api/create-expense';
import { useUpdateExpense } from '../api/update-expense';
import { EXPENSE_LIMITS } from '../utils/shop-expense-constants';

/** Today in the member's own time zone, as the date input's `YYYY-MM-DD`. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const isListedMethod = (method: string | null): method is ExpensePaymentMethod => (EXPENSE_PAYMENT_METHODS as readonly (string | null)[]).includes(method);

export interface ExpenseFormProps {
  type: ExpenseType;
  /** The expense to change, or null to record a new one. */
  expense: Expense | null;
  onCancel: () => void;
  /** After the server kept the expense: the dialog closes, the section shows the expense's year. */
  onSaved: (expense: Expense) => void;
}

/**
 * Records an expense, or changes one with its stored values filled in; both check the same way.
 * Its state lives inside the dialog's content, which unmounts on close: every opening starts afresh.
 */
export function ExpenseForm({ type, expense, onCancel, onSaved }: ExpenseFormProps) {
  const [amount, setAmount] = useState(expense?.amount ?? '');
  const [lineItem, setLineItem] = useState(expense?.lineItem ?? '');
  const [vendor, setVendor] = useState(expense?.vendor ?? '');
  const [category, setCategory] = useState(expense?.category ?? '');
  const [method, setMethod] = useState<ExpensePaymentMethod | ''>(expense && isListedMethod(expense.paymentMethod) ? expense.paymentMethod : '');
  const [notes, setNotes] = useState(expense?.notes ?? '');
  const [date, setDate] = useState(expense?.expenseDate ?? today);
  // Checked from the first submit on, so the message goes as soon as the amount is right.
  const [checked, setChecked] = useState(false);
  const create = useCreateExpense(type, onSaved);
  const update = useUpdateExpense(onSaved);
  const pending = create.isPending || update.isPending;
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
    const fields = {
      amount: found.amount,
      lineItem: lineItem.trim(),
      vendor: vendor.trim(),
      category: category.trim() || null,
      paymentMethod: method || null,
      notes: notes.trim() || null,
      expenseDate: date,
    };
    if (expense) update.mutate({ id: expense.id, body: fields });
    else create.mutate({ type, ...fields });
  };

  let submitText = expense ? 'Save Changes' : 'Record Expense';
  if (pending) submitText = expense ? 'Saving...' : 'Recording...';
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
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {submitText}
        </Button>
      </div>
    </form>
  );
}
