import { useMutation } from '@tanstack/react-query';
import type { CreatePaymentIntentBody, PaymentIntent } from '@freemarket/contracts';
import { ApiError, apiRequest, errorMessageOf } from '../../../lib/api-client';

/**
 * `POST /api/create-payment-intent`: the server checks the payment, stores it as pending and asks
 * the provider for an intent whose client secret the browser confirms.
 */
export async function createPaymentIntent(body: CreatePaymentIntentBody): Promise<PaymentIntent> {
  const answer = await apiRequest<Partial<PaymentIntent> | undefined>('POST', '/api/create-payment-intent', body);
  // Spec 02 §8: without a client secret there is nothing the card form can confirm.
  if (!answer?.clientSecret || !answer.transactionId) throw new Error('No client secret returned');
  return { clientSecret: answer.clientSecret, transactionId: answer.transactionId };
}

export function useCreatePaymentIntent() {
  return useMutation({
    mutationFn: createPaymentIntent,
    meta: { errorTitle: 'Payment Setup Error', errorText: setupErrorText },
  });
}

/**
 * Spec 02 §8's 'try again later' fits a payment that could not be set up; a payment the server
 * refuses (the item sold, a donation to a non-candidate) will not be set up later either: its reason.
 */
function setupErrorText(error: Error): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? errorMessageOf(error) : 'Failed to initialize payment. Please try again later.';
}
