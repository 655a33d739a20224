import type { CreatePaymentIntentBody, PaymentIntent, PaymentsConfig, Transaction } from '@freemarket/contracts';
import type { TransactionType } from '@freemarket/contracts/constants';
import { CreditCard } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { MoneyInput } from '../../../components/ui/money-input';
import { paths } from '../../../config/paths';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useCreatePaymentIntent } from '../api/create-payment-intent';
import { usePaymentsConfig } from '../api/get-payments-config';
import { parseAmount, parseType, submitLabel } from '../utils/payment-text';
import { CheckoutCard, ConfigurationRequiredCard, PaymentErrorCard, Working } from './checkout-cards';
import { DevelopmentPaymentForm } from './development-payment-form';
import { AskIfPaidRecently, UnlessAlreadyBought } from './paid-before';
import { formatMoney } from '../../../lib/money';

// @NOTE Stripe's libraries load only when the server names Stripe as the provider: local mode's
// development form and every other screen never download them.
const StripePaymentForm = lazy(() => import('./stripe-payment-form').then((m) => ({ default: m.StripePaymentForm })));

const MISSING = 'Missing payment information. Please try again.';
/** Spec 02 §8: what the page says when the intent could not be made and the server gave no reason. */
const SETUP_FAILED = 'Failed to initialize payment. Please check that Stripe is configured with API keys.';

const AMOUNT_TITLES: Readonly<Record<TransactionType, string>> = { donation: 'Make a Donation', transfer: 'Send Money', purchase: 'Make a Payment' };
const AMOUNT_QUESTIONS: Readonly<Record<TransactionType, string>> = {
  donation: 'How much would you like to donate?',
  transfer: 'How much would you like to send?',
  purchase: 'How much would you like to pay?',
};

/** What the query asks for, or null when it cannot become a payment (spec 02 §2, §5). */
interface CheckoutRequest {
  sellerId: string;
  itemId: string | null;
  /** An enrollment in this tutorial (its Enroll button). */
  tutorialId: string | null;
  type: TransactionType;
  description: string | null;
  /** Null when the link leaves the amount to the member (spec 01's Send Money and Donate). */
  amount: string | null;
}

/** The request, null when the query misses what a payment needs, or why its amount cannot be paid (too small, too large). */
function readRequest(params: URLSearchParams): CheckoutRequest | { error: string } | null {
  const sellerId = params.get('sellerId')?.trim();
  const type = parseType(params.get('type')?.trim() ?? null);
  const itemId = params.get('itemId')?.trim() || null;
  const tutorialId = params.get('tutorialId')?.trim() || null;
  const rawAmount = params.get('amount')?.trim() ?? '';
  if (!sellerId || !type) return null;
  // An item's or a tutorial's price is the seller's: a link without it cannot be paid.
  if ((itemId || tutorialId) && !rawAmount) return null;
  const parsed = rawAmount ? parseAmount(rawAmount) : null;
  // A link whose amount is only too small or too large says so, rather than 'missing'.
  if (parsed && 'error' in parsed) return parsed.size ? { error: `${formatMoney(rawAmount)} cannot be paid by card. ${parsed.error}.` } : null;
  return { sellerId, itemId, tutorialId, type, description: params.get('description')?.trim() || null, amount: parsed ? parsed.amount : null };
}

/** Marks the history entry the amount step adds, so the payment form can offer to go back to it. */
interface CheckoutState {
  amountEntered?: boolean;
}

/**
 * Spec 02 §2, the payment screen: the query, then the amount if the link left it open, then the
 * provider's form. An amount the member enters joins the address as a new history entry, so Back
 * (or Change amount) returns to the question.
 */
export function CheckoutScreen() {
  const [params] = useSearchParams();
  const request = useMemo(() => readRequest(params), [params]);
  const navigate = useNavigate();
  const amountEntered = (useLocation().state as CheckoutState | null)?.amountEntered === true;
  const enterAmount = (amount: string) => {
    const next = new URLSearchParams(params);
    next.set('amount', amount);
    const state: CheckoutState = { amountEntered: true };
    void navigate({ search: next.toString() }, { state });
  };
  const config = usePaymentsConfig();

  if (!request) return <PaymentErrorCard message={MISSING} />;
  if ('error' in request) return <PaymentErrorCard message={request.error} />;
  if (config.isPending) return <Working text="Initializing payment..." />;
  if (config.isError) return <PaymentErrorCard message={errorMessageOf(config.error)} />;
  const provider = configuredProvider(config.data);
  if (!provider) return <ConfigurationRequiredCard />;
  if (!request.amount) return <AmountStep type={request.type} description={request.description} onAmount={enterAmount} />;
  const body: CreatePaymentIntentBody = {
    amount: request.amount,
    sellerId: request.sellerId,
    type: request.type,
    ...(request.itemId ? { itemId: request.itemId } : {}),
    ...(request.tutorialId ? { tutorialId: request.tutorialId } : {}),
    ...(request.description ? { description: request.description } : {}),
  };
  const key = JSON.stringify(body);
  const onChangeAmount = amountEntered ? () => void navigate(-1) : undefined;
  // An item or a tutorial is paid once (the server sees to it), so one of the member's own says it is theirs; a member can be paid the same twice, so the member is asked.
  const lookBack = body.itemId || body.tutorialId ? UnlessAlreadyBought : AskIfPaidRecently;
  return <PaymentAfterLookingBack key={key} lookBack={lookBack} body={body} provider={provider} onChangeAmount={onChangeAmount} />;
}

interface PaymentAfterLookingBackProps {
  /** What the member's earlier payments say before this one starts (`children`, the payment, when nothing). */
  lookBack: (props: { body: CreatePaymentIntentBody; children: ReactNode }) => ReactNode;
  body: CreatePaymentIntentBody;
  provider: Provider;
  onChangeAmount?: () => void;
}

/** The payment after a look at the member's earlier ones, looked at again on Start Again (the payment may have ended because another tab paid it). */
function PaymentAfterLookingBack({ lookBack: LookBack, body, provider, onChangeAmount }: PaymentAfterLookingBackProps) {
  const [opening, setOpening] = useState(0);
  return (
    <LookBack key={opening} body={body}>
      <PaymentStep body={body} provider={provider} onChangeAmount={onChangeAmount} onStartAgain={() => setOpening((n) => n + 1)} />
    </LookBack>
  );
}

type Provider = { name: 'development' } | { name: 'stripe'; publishableKey: string };

/** Spec 02 §2: without a provider, or with Stripe but no publishable key, nothing can take a card. */
function configuredProvider(config: PaymentsConfig): Provider | null {
  if (config.provider === 'development') return { name: 'development' };
  if (config.provider === 'stripe' && config.publishableKey) return { name: 'stripe', publishableKey: config.publishableKey };
  return null;
}

function AmountStep({ type, description, onAmount }: { type: TransactionType; description: string | null; onAmount: (amount: string) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <CheckoutCard title={AMOUNT_TITLES[type]}>
      {description ? <p className="text-slate-700">{description}</p> : null}
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = parseAmount(text);
          if ('error' in parsed) {
            setError(parsed.error);
            inputRef.current?.focus();
            return;
          }
          onAmount(parsed.amount);
        }}
      >
        <div className="grid gap-1.5">
          <label htmlFor="checkout-amount" className="text-sm font-medium text-slate-800">
            {AMOUNT_QUESTIONS[type]}
          </label>
          <MoneyInput
            ref={inputRef}
            id="checkout-amount"
            placeholder="0.00"
            value={text}
            onValueChange={(next) => {
              setText(next);
              setError(null);
            }}
            problem={error ?? undefined}
          />
        </div>
        <Button type="submit">Continue</Button>
      </form>
    </CheckoutCard>
  );
}

/** Spec 02 §4: initialising (the intent is being made), then the form once a client secret returns. */
function PaymentStep({ body, provider, onChangeAmount, onStartAgain }: { body: CreatePaymentIntentBody; provider: Provider; onChangeAmount?: () => void; onStartAgain: () => void }) {
  const intent = useCreatePaymentIntent();
  const { mutate } = intent;
  // React's development double effects would otherwise ask for a second intent.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate(body);
  }, [mutate, body]);

  if (intent.isError) {
    const error = intent.error;
    // A conflict is with a payment of the member's own (one being taken, an enrolment): their history shows it.
    return error instanceof ApiError ? <PaymentErrorCard message={errorMessageOf(error)} withHistory={error.status === 409} /> : <PaymentErrorCard message={SETUP_FAILED} details={error.message} />;
  }
  if (!intent.data) return <Working text="Initializing payment..." />;
  // A new intent for the same request: a fresh form, or the reason there can be none (a new price, a sale).
  return <CompletePayment key={intent.data.transactionId} body={body} provider={provider} intent={intent.data} onStartAgain={onStartAgain} onChangeAmount={onChangeAmount} />;
}

interface CompletePaymentProps {
  body: CreatePaymentIntentBody;
  provider: Provider;
  intent: PaymentIntent;
  onStartAgain: () => void;
  /** Back to the amount question, when the member entered the amount here. */
  onChangeAmount?: () => void;
}

function CompletePayment({ body, provider, intent, onStartAgain, onChangeAmount }: CompletePaymentProps) {
  const navigate = useNavigate();
  const [loadError, setLoadError] = useState<string | null>(null);
  const [ended, setEnded] = useState<string | null>(null);
  const label = submitLabel(body.type ?? 'purchase', body.amount);
  if (loadError) return <PaymentErrorCard message={loadError} />;
  if (ended) return <PaymentErrorCard message={ended} onStartAgain={onStartAgain} />;
  return (
    <CheckoutCard title="Complete Your Payment" icon={<CreditCard className="h-5 w-5 text-blue-700" aria-hidden="true" />}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 text-sm">
        {body.description ? (
          <>
            <dt className="text-slate-600">For</dt>
            <dd className="text-slate-900">{body.description}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">Amount</dt>
        <dd className="flex flex-wrap items-center gap-x-3 font-semibold text-slate-900">
          <span data-testid="checkout-amount">{formatMoney(body.amount)}</span>
          {onChangeAmount ? (
            <Button variant="ghost" size="sm" onClick={onChangeAmount}>
              Change amount
            </Button>
          ) : null}
        </dd>
      </dl>
      {provider.name === 'development' ? (
        <DevelopmentPaymentForm
          clientSecret={intent.clientSecret}
          submitText={label}
          onSettled={(t: Transaction) => navigate(paths.paymentSuccess.getHref(t.id))}
          onEnded={setEnded}
        />
      ) : (
        <Suspense fallback={<Working text="Loading the payment form..." />}>
          <StripePaymentForm
            publishableKey={provider.publishableKey}
            clientSecret={intent.clientSecret}
            submitText={label}
            returnUrl={`${window.location.origin}${paths.paymentSuccess.getHref(intent.transactionId)}`}
            onLoadError={setLoadError}
            onEnded={setEnded}
          />
        </Suspense>
      )}
    </CheckoutCard>
  );
}
