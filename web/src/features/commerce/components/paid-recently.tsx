import type { CreatePaymentIntentBody, Transaction } from '@freemarket/contracts';
import type { TransactionType } from '@freemarket/contracts/constants';
import { History } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { memberName } from '../../../lib/member-name';
import { formatMoney } from '../../../lib/money';
import { relativeTime } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import { useRecentPayments } from '../api/get-recent-payments';
import { samePaymentMadeRecently } from '../utils/recent-payment';
import { submitLabel } from '../utils/payment-text';
import { BackHomeLink, CheckoutCard, HistoryLink, Working } from './checkout-cards';

const PAID: Readonly<Record<TransactionType, string>> = { donation: 'donated', transfer: 'sent', purchase: 'paid' };
const AGAIN: Readonly<Record<TransactionType, string>> = {
  donation: 'Would you like to donate again?',
  transfer: 'Would you like to send it again?',
  purchase: 'Would you like to pay again?',
};

/**
 * Before a payment to a member for nothing listed, asks whether the same one made lately (Back
 * after paying, a link opened twice) is meant again; `children`, the payment, once it is, or when
 * there is none. The history is read once per opening: an answer that cannot be had asks nothing.
 */
export function AskIfPaidRecently({ body, children }: { body: CreatePaymentIntentBody; children: ReactNode }) {
  const [payAgain, setPayAgain] = useState(false);
  const type = body.type ?? 'purchase';
  // Judged as the checkout opens: a question already asked never goes away by itself and starts the payment unanswered.
  const [openedAt] = useState(() => Date.now());
  const paid = useRecentPayments(type, openedAt, !payAgain);
  if (payAgain || paid.isError) return children;
  if (paid.isPending) return <Working text="Initializing payment..." />;
  const recent = samePaymentMadeRecently(paid.data.items, body, openedAt);
  return recent ? <PaidRecentlyCard payment={recent} type={type} onPayAgain={() => setPayAgain(true)} /> : children;
}

function PaidRecentlyCard({ payment, type, onPayAgain }: { payment: Transaction; type: TransactionType; onPayAgain: () => void }) {
  const now = useNow(60_000);
  const payee = payment.seller ? memberName(payment.seller) : 'this member';
  return (
    <CheckoutCard title="Paid Recently" icon={<History className="h-5 w-5 text-blue-700" aria-hidden="true" />} testId="paid-recently">
      <div className="grid gap-1">
        <p className="text-slate-800">{`You ${PAID[type]} ${formatMoney(payment.amount)} to ${payee} ${relativeTime(payment.createdAt, now)}.`}</p>
        <p className="text-slate-700">{AGAIN[type]}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={onPayAgain}>{`${submitLabel(type, payment.amount)} again`}</Button>
        <HistoryLink />
        <BackHomeLink variant="outline" />
      </div>
    </CheckoutCard>
  );
}
