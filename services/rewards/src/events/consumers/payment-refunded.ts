import type { ServiceRuntime } from '@freemarket/kit';
import { DEFAULT_CONSUMER_SETTINGS, type RewardsConfig } from '../../config.js';
import { takeBackPurchasePoints } from '../../credits/purchase-refund.js';

/** `payment.refunded`: the refunded dollars' points leave the payer's balance, once per event. */
export function consumePaymentRefunded(runtime: ServiceRuntime, config: RewardsConfig): void {
  const settings = config.consumers ?? DEFAULT_CONSUMER_SETTINGS;
  runtime.consumeOnce('payment.refunded', takeBackPurchasePoints, { maxDeliver: settings.maxDeliver });
}
