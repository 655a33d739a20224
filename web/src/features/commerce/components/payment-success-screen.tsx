import type { Transaction } from '@freemarket/contracts';
import { BookOpen, CheckCircle2, Clock, RotateCcw, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { memberName } from '../../../lib/member-name';
import { useTransaction } from '../api/get-transaction';
import { REFUND_REASON_TEXT, SUCCESS_TEXT, TYPE_LABELS } from '../utils/payment-text';
import { BackHomeLink, CheckoutCard, HistoryLink, Working } from './checkout-cards';
import { formatMoney } from '../../../lib/money';

/** How often and how long the page reads a pending payment again, waiting for the provider's webhook. */
export const PAYMENT_POLL_MS = 1000;
export const PAYMENT_POLL_LIMIT_MS = 15_000;
/** Spec 02 §2: after a successful payment the screen goes home; this pause lets the member read it first. */
export const PAYMENT_SUCCESS_HOME_DELAY_MS = 5000;

/** Back to the tutorial a payment enrolled the member in; `paid` tells the learning hub the enrollment is on its way. */
function TutorialLink({ tutorialId, paid = false, variant = 'outline' }: { tutorialId: string; paid?: boolean; variant?: 'primary' | 'outline' }) {
  return (
    <Link to={paths.learn.getHref({ tutorialId, paid })} className={buttonClass(variant, 'md')}>
      <BookOpen className="h-4 w-4" aria-hidden="true" /> Go to your tutorial
    </Link>
  );
}

function Summary({ transaction }: { transaction: Transaction }) {
  const to = transaction.seller ? memberName(transaction.seller) : null;
  return (
    <p className="text-slate-800" data-testid="payment-summary">
      {TYPE_LABELS[transaction.type]} of <strong>{formatMoney(transaction.amount)}</strong>
      {to ? ` to ${to}` : null}
      {transaction.description ? ` · ${transaction.description}` : null}
    </p>
  );
}

/** The toast of spec 02 §8 for the payment's type, once, then home after a pause; a tutorial's payment offers the tutorial too. */
function Succeeded({ transaction, onSucceeded }: { transaction: Transaction; onSucceeded?: (transaction: Transaction) => void }) {
  const navigate = useNavigate();
  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (toasted.current !== transaction.id) {
      toasted.current = transaction.id;
      toast({ title: 'Payment Successful', description: SUCCESS_TEXT[transaction.type] });
      onSucceeded?.(transaction);
    }
    const timer = setTimeout(() => navigate(paths.home.getHref()), PAYMENT_SUCCESS_HOME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [transaction, navigate, onSucceeded]);
  return (
    <CheckoutCard title="Payment Successful" icon={<CheckCircle2 className="h-5 w-5 text-green-700" aria-hidden="true" />} testId="payment-outcome">
      <Summary transaction={transaction} />
      <p className="text-slate-700">{SUCCESS_TEXT[transaction.type]} Taking you home in a few seconds.</p>
      <div className="flex flex-wrap gap-2">
        {transaction.tutorialId ? <TutorialLink tutorialId={transaction.tutorialId} paid variant="primary" /> : null}
        <Link to={paths.home.getHref()} className={buttonClass(transaction.tutorialId ? 'outline' : 'primary', 'md')}>
          Go home now
        </Link>
        <HistoryLink />
      </div>
    </CheckoutCard>
  );
}

function Failed({ transaction, text = 'The payment did not go through, and no money was taken.' }: { transaction: Transaction; text?: string }) {
  const retry = paths.checkout.getHref({
    sellerId: transaction.sellerId,
    type: transaction.type,
    amount: transaction.amount,
    ...(transaction.itemId ? { itemId: transaction.itemId } : {}),
    ...(transaction.tutorialId ? { tutorialId: transaction.tutorialId } : {}),
    ...(transaction.description ? { description: transaction.description } : {}),
  });
  return (
    <CheckoutCard title="Payment Failed" icon={<XCircle className="h-5 w-5 text-red-700" aria-hidden="true" />} testId="payment-outcome">
      <Summary transaction={transaction} />
      <p className="text-slate-700">{text}</p>
      <div className="flex flex-wrap gap-2">
        <Link to={retry} className={buttonClass('primary', 'md')}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" /> Try again
        </Link>
        <HistoryLink />
      </div>
    </CheckoutCard>
  );
}

/** A payment given back, in part or in full, or on its way back. */
function Refunded({ transaction, text, title = 'Payment Refunded' }: { transaction: Transaction; text: string; title?: string }) {
  return (
    <CheckoutCard title={title} icon={<RotateCcw className="h-5 w-5 text-slate-700" aria-hidden="true" />} testId="payment-outcome">
      <Summary transaction={transaction} />
      <p className="text-slate-700">{text}</p>
      <div className="flex flex-wrap gap-2">
        {/* Given back because another payment enrolled the member: the tutorial is theirs all the same. */}
        {transaction.tutorialId && transaction.refundReason === 'already_enrolled' ? <TutorialLink tutorialId={transaction.tutorialId} /> : null}
        <BackHomeLink />
        <HistoryLink />
      </div>
    </CheckoutCard>
  );
}

/** What the payer reads about a refund FreeMarket makes of its own accord (its item sold by another payment first). */
function refundedByUsText(transaction: Transaction, reason: NonNullable<Transaction['refundReason']>): string {
  const state = transaction.status === 'refunded' ? 'this payment has been refunded in full' : 'this payment is being refunded in full';
  return `${REFUND_REASON_TEXT[reason].payer}, so ${state}. Refunds usually reach a card within 5 to 10 business days.`;
}

/** A payment to the viewer, opened from a link its payer shared: what reached them, with none of the payer's toasts or steps. */
function Received({ transaction }: { transaction: Transaction }) {
  const from = transaction.buyer ? memberName(transaction.buyer) : null;
  const outcome =
    transaction.status === 'refunded'
      ? 'It went through and has since been refunded to the payer.'
      : transaction.status === 'partially_refunded'
        ? `It went through; ${formatMoney(transaction.amountRefunded)} of it has since been refunded to the payer.`
        : transaction.status === 'recorded'
          ? 'The payer logged it by hand: it was made outside FreeMarket.'
          : 'It went through.';
  return (
    <CheckoutCard title="Payment to You" icon={<CheckCircle2 className="h-5 w-5 text-green-700" aria-hidden="true" />} testId="payment-outcome">
      <p className="text-slate-800" data-testid="payment-summary">
        {TYPE_LABELS[transaction.type]} of <strong>{formatMoney(transaction.amount)}</strong>
        {from ? ` from ${from}` : null}
        {transaction.description ? ` · ${transaction.description}` : null}
      </p>
      <p className="text-slate-700">{outcome}</p>
      <div className="flex flex-wrap gap-2">
        <BackHomeLink />
        <HistoryLink />
      </div>
    </CheckoutCard>
  );
}

export interface PaymentSuccessScreenProps {
  /** The signed-in member: a payment to them reads as received, not as theirs to have made. */
  meId: string;
  /**
   * A settled payment earns the payer points, and a tutorial's enrolls them, a moment later: the
   * route refreshes what it changes.
   */
  onSucceeded?: (transaction: Transaction) => void;
}

/** Spec 02 §2, /payment-success: the payment's real status, read from the server until its webhook has settled it. */
export function PaymentSuccessScreen({ meId, onSucceeded }: PaymentSuccessScreenProps) {
  const [params] = useSearchParams();
  const id = params.get('transaction')?.trim() || null;
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), PAYMENT_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [id]);
  const query = useTransaction(id, !timedOut, PAYMENT_POLL_MS);
  const transaction = query.data;

  if (!id || query.isError) {
    return (
      <CheckoutCard title="Payment Not Found">
        <p role="alert" className="text-slate-800">
          We could not find this payment. If money was taken, it appears in your transaction history.
        </p>
        <div className="flex flex-wrap gap-2">
          <BackHomeLink />
          <HistoryLink />
        </div>
      </CheckoutCard>
    );
  }
  if (!transaction) return <Working text="Checking your payment..." />;
  // The server shows a payment to its recipient only once it went through.
  if (transaction.buyerId !== meId) return <Received transaction={transaction} />;
  if (transaction.refundReason) {
    const title = transaction.status === 'refunded' ? 'Payment Refunded' : 'Payment Being Refunded';
    return <Refunded transaction={transaction} title={title} text={refundedByUsText(transaction, transaction.refundReason)} />;
  }
  switch (transaction.status) {
    case 'succeeded':
      return <Succeeded transaction={transaction} onSucceeded={onSucceeded} />;
    case 'failed':
      return <Failed transaction={transaction} />;
    case 'canceled':
      return <Failed transaction={transaction} text="The payment was not completed in time and was canceled; no money was taken." />;
    case 'partially_refunded':
    case 'refunded':
      return (
        <Refunded
          transaction={transaction}
          text={
            transaction.status === 'refunded'
              ? 'This payment went through and has since been refunded.'
              : `This payment went through; ${formatMoney(transaction.amountRefunded)} of it has since been refunded.`
          }
        />
      );
    case 'recorded':
      return (
        <CheckoutCard title="Transaction Logged" testId="payment-outcome">
          <Summary transaction={transaction} />
          <p className="text-slate-700">This is a payment logged by hand, made outside FreeMarket.</p>
          <div className="flex flex-wrap gap-2">
            <BackHomeLink />
            <HistoryLink />
          </div>
        </CheckoutCard>
      );
    case 'pending':
      return timedOut ? (
        <CheckoutCard title="Payment Processing" icon={<Clock className="h-5 w-5 text-amber-700" aria-hidden="true" />} testId="payment-outcome">
          <Summary transaction={transaction} />
          <p role="status" className="text-slate-700">
            The payment provider has not confirmed this payment yet. It will show in your transaction history once it has.
          </p>
          <div className="flex flex-wrap gap-2">
            <BackHomeLink />
            <HistoryLink />
          </div>
        </CheckoutCard>
      ) : (
        <Working text="Confirming your payment..." />
      );
  }
}
