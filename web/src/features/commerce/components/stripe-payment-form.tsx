import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { Working } from './checkout-cards';

const LOAD_FAILED = 'The payment form could not be loaded. Please check your connection and try again.';

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
}

/** Spec 02 §2: Stripe's Payment Element for the intent, with the publishable key the server named. */
export function StripePaymentForm({ publishableKey, clientSecret, submitText, returnUrl, onLoadError }: StripePaymentFormProps) {
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
      <ConfirmForm submitText={submitText} returnUrl={returnUrl} onLoadError={onLoadError} />
    </Elements>
  );
}

function ConfirmForm({ submitText, returnUrl, onLoadError }: Pick<StripePaymentFormProps, 'submitText' | 'returnUrl' | 'onLoadError'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    // Success leaves the page for returnUrl; coming back here means the payment did not go through.
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
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
