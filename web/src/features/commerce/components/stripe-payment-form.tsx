import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeError } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { Working } from './checkout-cards';

const LOAD_FAILED = 'The payment form could not be loaded. Please check your connection and try again.';
/** The server's words for a payment that can no longer be paid (its 409), so both forms say the same. */
const ENDED = 'This payment has ended; start a new one';

/** One Stripe.js per publishable key: `pure` fetches Stripe's script on the first call, not on import. */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    // A failed load may succeed on the next visit (the network came back).
    stripe.catch(() => stripes.delete(publishableKey));
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

export interface StripePaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  submitText: string;
  /** Where Stripe sends the browser after confirming: /payment-success with the transaction's id. */
  returnUrl: string;
  onLoadError: (message: string) => void;
  /** The payment was ended meanwhile (the seller changed the item, the buyer started again elsewhere). */
  onEnded: (message: string) => void;
}

/**
 * What a refused confirm means: Stripe answers an intent it can no longer confirm with its state,
 * canceled (ended here) or already paid (in another tab, or a first answer lost on the way).
 */
function refusal(error: StripeError): 'ended' | 'paid' | 'failed' {
  if (error.code !== 'payment_intent_unexpected_state') return 'failed';
  switch (error.payment_intent?.status) {
    case 'canceled':
      return 'ended';
    case 'succeeded':
    case 'processing':
      return 'paid';
    default:
      return 'failed';
  }
}

/** Spec 02 §2: Stripe's Payment Element for the intent, with the publishable key the server named. */
export function StripePaymentForm({ publishableKey, clientSecret, submitText, returnUrl, onLoadError, onEnded }: StripePaymentFormProps) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  useEffect(() => {
    let current = true;
    stripeFor(publishableKey).then(
      (loaded) => {
        if (!current) return;
        if (loaded) setStripe(loaded);
        else onLoadError(LOAD_FAILED);
      },
      () => current && onLoadError(LOAD_FAILED),
    );
    return () => {
      current = false;
    };
  }, [publishableKey, onLoadError]);
  if (!stripe) return <Working text="Loading the payment form..." />;
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <ConfirmForm submitText={submitText} returnUrl={returnUrl} onLoadError={onLoadError} onEnded={onEnded} />
    </Elements>
  );
}

function ConfirmForm({ submitText, returnUrl, onLoadError, onEnded }: Pick<StripePaymentFormProps, 'submitText' | 'returnUrl' | 'onLoadError' | 'onEnded'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    // Success leaves the page for returnUrl; an answer here is Stripe refusing to confirm.
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
    const outcome = refusal(error);
    if (outcome === 'ended') return onEnded(ENDED);
    // Paid already: the payment's own page, where Stripe's redirect would have gone.
    if (outcome === 'paid') return window.location.assign(returnUrl);
    toast({ title: 'Payment Failed', description: error.message ?? 'Your payment could not be completed.', variant: 'destructive' });
    setProcessing(false);
  };
  return (
    <form className="grid gap-4" onSubmit={(e) => void submit(e)}>
      <PaymentElement onReady={() => setReady(true)} onLoadError={(event) => onLoadError(event.error.message ?? LOAD_FAILED)} />
      <Button type="submit" disabled={!stripe || !ready} aria-disabled={processing || undefined}>
        {processing ? 'Processing...' : submitText}
      </Button>
    </form>
  );
}
