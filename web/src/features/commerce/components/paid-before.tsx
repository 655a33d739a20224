import type { CreatePaymentIntentBody, Transaction } from '@freemarket/contracts';
import type { TransactionType } from '@freemarket/contracts/constants';
import { CheckCircle2, History } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { memberName } from '../../../lib/member-name';
import { formatMoney } from '../../../lib/money';
import { relativeTime } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import { usePaidBefore } from '../api/get-paid-before';
import { ownsWhatItPaidFor, samePaymentMadeRecently } from '../utils/paid-before';
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
  const paid = usePaidBefore({ type, status: 'succeeded' }, openedAt, !payAgain);
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

/**
 * Before paying for an item or a tutorial, looks for the buyer's own succeeded payment for it (Back
 * after buying, Buy Now or Enroll in a tab opened before): it is theirs already, which says so in
 * place of the server's refusal. `children`, the payment, when there is none or it cannot be read.
 */
export function UnlessAlreadyBought({ body, children }: { body: CreatePaymentIntentBody; children: ReactNode }) {
  const [openedAt] = useState(() => Date.now());
  const paid = usePaidBefore(body.tutorialId ? { tutorialId: body.tutorialId } : { itemId: body.itemId ?? undefined }, openedAt);
  if (paid.isError) return children;
  if (paid.isPending) return <Working text="Initializing payment..." />;
  const bought = paid.data.items.find(ownsWhatItPaidFor);
  return bought ? <AlreadyBoughtCard payment={bought} /> : children;
}

function AlreadyBoughtCard({ payment }: { payment: Transaction }) {
  const now = useNow(60_000);
  const when = relativeTime(payment.createdAt, now);
  const tutorialId = payment.tutorialId;
  return (
    <CheckoutCard title={tutorialId ? 'Already Enrolled' : 'Already Bought'} icon={<CheckCircle2 className="h-5 w-5 text-green-700" aria-hidden="true" />} testId="already-bought">
      <p className="text-slate-800">
        {tutorialId
          ? `You paid ${formatMoney(payment.amount)} for ${payment.description ?? 'this tutorial'} ${when}; you are enrolled.`
          : `You bought ${payment.description ?? 'this item'} for ${formatMoney(payment.amount)} ${when}.`}
      </p>
      <div className="flex flex-wrap gap-2">
        {tutorialId ? (
          <Link to={paths.learn.getHref({ tutorialId })} className={buttonClass('primary', 'md')}>
            Open Tutorial
          </Link>
        ) : null}
        <HistoryLink />
        <BackHomeLink variant={tutorialId ? 'outline' : 'primary'} />
      </div>
    </CheckoutCard>
  );
}
