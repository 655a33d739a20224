import type { PaymentMethod, TransactionType } from '@freemarket/contracts';
import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Select, Textarea } from '../../../components/ui/field';
import { MoneyInput } from '../../../components/ui/money-input';
import { toast } from '../../../components/ui/toast-store';
import { PAYMENT_METHODS, TRANSACTION_TYPES } from '../../../config/constants';
import { moneyProblem, readPositiveMoney } from '../../../lib/money';
import { useRecordManualTransaction } from '../api/record-manual-transaction';

const TYPE_LABELS: Record<TransactionType, string> = { purchase: 'Purchase', donation: 'Donation', transfer: 'Transfer' };

/** The types a payment to this member can be logged as: a donation only to a political candidate (spec 01 §5). */
function loggableTypes(isPoliticalCandidate: boolean): readonly TransactionType[] {
  return isPoliticalCandidate ? TRANSACTION_TYPES : TRANSACTION_TYPES.filter((t) => t !== 'donation');
}

/** Spec 01 §2/§5: type, amount, payment method and an optional description; resets after success. */
export function LogTransactionButton({ sellerId, sellerName, isPoliticalCandidate }: { sellerId: string; sellerName: string; isPoliticalCandidate: boolean }) {
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<TransactionType>('purchase');
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [description, setDescription] = useState('');
  // Checked from the first Record on, so the message goes as soon as the amount is right.
  const [checked, setChecked] = useState(false);
  const amountProblem = checked && amount.trim() ? moneyProblem(readPositiveMoney(amount)) : undefined;
  const types = loggableTypes(isPoliticalCandidate);
  const reset = () => {
    setType('purchase');
    setAmount('');
    setMethod('');
    setDescription('');
    setChecked(false);
  };
  const mutation = useRecordManualTransaction(() => {
    setOpen(false);
    reset();
  });
  const submit = () => {
    if (!amount.trim() || !method) {
      toast({ title: 'Missing Information', description: 'Please fill in amount and payment method', variant: 'destructive' });
      return;
    }
    const read = readPositiveMoney(amount);
    // Rendered at once, so the field that takes the focus below already carries its message.
    flushSync(() => setChecked(true));
    if ('error' in read) {
      document.getElementById('tx-amount')?.focus();
      return;
    }
    const trimmed = description.trim();
    // A type no longer offered (the profile changed while the dialog was open) shows as Purchase: send that.
    const sent = types.includes(type) ? type : 'purchase';
    mutation.mutate({ amount: read.amount, sellerId, type: sent, paymentMethod: method, ...(trimmed ? { description: trimmed } : {}) });
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Receipt className="h-4 w-4" aria-hidden="true" /> Log Transaction
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Log Transaction" description={`Record a payment to ${sellerName} made outside FreeMarket.`}>
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field label="Type" htmlFor="tx-type">
            <Select id="tx-type" value={type} onChange={(e) => setType(e.target.value as TransactionType)}>
              {types.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Amount" htmlFor="tx-amount">
            <MoneyInput id="tx-amount" value={amount} onValueChange={setAmount} placeholder="0.00" problem={amountProblem} />
          </Field>
          <Field label="Payment method" htmlFor="tx-method">
            <Select id="tx-method" value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod | '')}>
              <option value="">Select a method</option>
              {PAYMENT_METHODS.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Description (optional)" htmlFor="tx-description">
            <Textarea id="tx-description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Recording...' : 'Record Transaction'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
