import type { BrowserContext } from 'playwright-core';
import type { FakeStripe } from '@freemarket/testing/fake-stripe';

/**
 * Stripe.js as the checkout uses it, run in the page in place of js.stripe.com/<release>/stripe.js:
 * `Stripe(key)` with the methods @stripe/react-stripe-js checks for and calls, a Payment Element
 * that is ready once mounted, and `confirmPayment`, which asks Stripe's API to confirm the intent
 * with its client secret, then leaves for `return_url` with Stripe's parameters or answers Stripe's
 * error. It refers to nothing outside itself: the page gets its source text.
 */
function fakeStripeJs(release: string): void {
  type Listener = () => void;
  type StripeErrorBody = { type: string; code?: string; message?: string };
  const secrets = new WeakMap<object, string>();
  const missing = (name: string) => () => {
    throw new Error(`the fake Stripe.js has no ${name}`);
  };

  const paymentElement = () => {
    const listeners = new Map<string, Set<Listener>>();
    let ready = false;
    return {
      mount(node: HTMLElement | string) {
        const host = typeof node === 'string' ? document.querySelector(node) : node;
        const field = document.createElement('p');
        field.dataset.testid = 'fake-payment-element';
        field.textContent = 'Card 4242 4242 4242 4242 (Stripe test mode)';
        host?.append(field);
        // Stripe's element reports ready once its frame has loaded, never during mount.
        setTimeout(() => {
          ready = true;
          listeners.get('ready')?.forEach((cb) => cb());
        });
      },
      on(event: string, cb: Listener) {
        listeners.set(event, (listeners.get(event) ?? new Set()).add(cb));
        if (event === 'ready' && ready) setTimeout(cb);
      },
      off(event: string, cb: Listener) {
        listeners.get(event)?.delete(cb);
      },
      update() {},
      destroy() {},
    };
  };

  function Stripe(key: string) {
    return {
      _registerWrapper() {},
      registerAppInfo() {},
      createToken: missing('createToken'),
      createPaymentMethod: missing('createPaymentMethod'),
      confirmCardPayment: missing('confirmCardPayment'),
      elements(options: { clientSecret: string }) {
        const elements = {
          create(type: string) {
            if (type !== 'payment') throw new Error(`the fake Stripe.js has no ${type} element`);
            return paymentElement();
          },
          update() {},
        };
        secrets.set(elements, options.clientSecret);
        return elements;
      },
      async confirmPayment({ elements, confirmParams }: { elements: object; confirmParams: { return_url: string } }): Promise<{ error: StripeErrorBody }> {
        const clientSecret = secrets.get(elements) ?? '';
        const intentId = clientSecret.split('_secret_')[0];
        let answer: Response;
        try {
          answer = await fetch(`https://api.stripe.com/v1/payment_intents/${intentId}/confirm`, {
            method: 'POST',
            body: new URLSearchParams({ key, client_secret: clientSecret, return_url: confirmParams.return_url }),
          });
        } catch {
          return { error: { type: 'api_connection_error', message: 'An error occurred with our connection to Stripe.' } };
        }
        const body = (await answer.json()) as { id: string; error?: StripeErrorBody };
        if (body.error) return { error: body.error };
        const back = new URL(confirmParams.return_url);
        back.searchParams.set('payment_intent', body.id);
        back.searchParams.set('payment_intent_client_secret', clientSecret);
        back.searchParams.set('redirect_status', 'succeeded');
        window.location.assign(back.href);
        // Stripe leaves the page: its promise never settles.
        return new Promise(() => {});
      },
    };
  }
  // @stripe/stripe-js warns unless the script's version is the release it asked for.
  (window as unknown as { Stripe: unknown }).Stripe = Object.assign(Stripe, { version: release });
}

export interface StripeInPage {
  /** The next call to Stripe's API reaches the fake server, which acts on it, but its answer is lost on the way back. */
  loseNextAnswer(): void;
}

/** Serves the fake Stripe.js for js.stripe.com and sends the page's calls to Stripe's API (api.stripe.com) to `stripe`. */
export async function routeStripe(context: BrowserContext, stripe: FakeStripe): Promise<StripeInPage> {
  let lose = false;
  await context.route('https://js.stripe.com/**', async (route) => {
    const release = /^\/([a-z0-9]+)\/stripe\.js$/.exec(new URL(route.request().url()).pathname)?.[1];
    if (!release) return route.fulfill({ status: 404, body: '' });
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: `(${fakeStripeJs.toString()})(${JSON.stringify(release)});` });
  });
  await context.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${stripe.url}${url.pathname}${url.search}` });
    if (lose) {
      lose = false;
      return route.abort('connectionreset');
    }
    await route.fulfill({ response });
  });
  return { loseNextAnswer: () => (lose = true) };
}
