import type { PaymentMethod, TransactionType } from '@freemarket/contracts';
import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Select, Textarea } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { PAYMENT_METHODS, TRANSACTION_TYPES } from '../../../config/constants';
import { useRecordManualTransaction } from '../api/record-manual-transaction';

const TYPE_LABELS: Record<TransactionType, string> = { purchase: 'Purchase', donation: 'Donation', transfer: 'Transfer' };
const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;

/** Spec 01 §2/§5: type, amount, payment method and an optional description; resets after success. */
export function LogTransactionButton({ sellerId, sellerName }: { sellerId: string; sellerName: string }) {
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<TransactionType>('purchase');
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [description, setDescription] = useState('');
  const reset = () => {
    setType('purchase');
    setAmount('');
    setMethod('');
    setDescription('');
  };
  const mutation = useRecordManualTransaction(() => {
    setOpen(false);
    reset();
  });
  const submit = () => {
    if (!amount || !method) {
      toast({ title: 'Missing Information', description: 'Please fill in amount and payment method', variant: 'destructive' });
      return;
    }
    if (!AMOUNT.test(amount) || Number(amount) <= 0) {
      toast({ title: 'Missing Information', description: 'Please enter an amount like 12.50', variant: 'destructive' });
      return;
    }
    const trimmed = description.trim();
    mutation.mutate({ amount, sellerId, type, paymentMethod: method, ...(trimmed ? { description: trimmed } : {}) });
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
              {TRANSACTION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Amount" htmlFor="tx-amount">
            <Input id="tx-amount" type="number" inputMode="decimal" step="0.01" min="0.01" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="0.00" />
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
