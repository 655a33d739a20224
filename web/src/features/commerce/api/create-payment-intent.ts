import { useMutation } from '@tanstack/react-query';
import type { CreatePaymentIntentBody, PaymentIntent } from '@freemarket/contracts';
import { apiRequest } from '../../../lib/api-client';

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
    meta: { errorTitle: 'Payment Setup Error', errorText: 'Failed to initialize payment. Please try again later.' },
  });
}
