import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsConfig } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/payments/config`: which provider takes cards (Stripe, local mode's development one, or none) and Stripe's publishable key. */
export function getPaymentsConfig(): Promise<PaymentsConfig> {
  return apiGet<PaymentsConfig>('/api/payments/config');
}

export const paymentsConfigQueryOptions = () => queryOptions({ queryKey: ['/api/payments/config'], queryFn: getPaymentsConfig });

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQueryOptions());
}
