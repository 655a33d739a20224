import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { RecordManualTransaction, Transaction } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { transactionsKeyRoot } from './get-transactions';

/** `POST /api/transactions/manual`: a payment made outside FreeMarket. */
export function recordManualTransaction(body: RecordManualTransaction): Promise<Transaction> {
  return apiRequest<Transaction>('POST', '/api/transactions/manual', body);
}

export function useRecordManualTransaction(onRecorded: () => void) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: recordManualTransaction,
    meta: { errorText: 'Failed to record transaction' },
    onSuccess: () => {
      toast({ title: 'Success', description: 'Transaction recorded successfully!' });
      void client.invalidateQueries({ queryKey: transactionsKeyRoot });
      onRecorded();
    },
  });
}
