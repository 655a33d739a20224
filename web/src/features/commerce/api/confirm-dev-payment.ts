import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { ConfirmDevPaymentBody, Transaction } from '@freemarket/contracts';
import { apiRequest, errorMessageOf } from '../../../lib/api-client';
import { transactionQueryOptions } from './get-transaction';
import { transactionsKeyRoot } from './get-transactions';

/**
 * `POST /api/payments/dev/confirm`: local mode's development provider settles the payment with the
 * chosen outcome through the server's signed-webhook path, and answers the transaction as it stands.
 */
export function confirmDevPayment(body: ConfirmDevPaymentBody): Promise<Transaction> {
  return apiRequest<Transaction>('POST', '/api/payments/dev/confirm', body);
}

export function useConfirmDevPayment(onSettled: (transaction: Transaction) => void, onError: (error: Error) => void) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: confirmDevPayment,
    meta: { errorTitle: 'Payment Failed', errorText: errorMessageOf },
    onSuccess: (transaction) => {
      client.setQueryData(transactionQueryOptions(transaction.id).queryKey, transaction);
      onSettled(transaction);
    },
    onError,
    // Settled or refused, the payment's status changed: the history reads it again.
    onSettled: () => {
      void client.invalidateQueries({ queryKey: transactionsKeyRoot });
    },
  });
}
