import type { ServiceRuntime } from '@freemarket/kit';
import type { CommerceConfig } from './config.js';
import { ItemService } from './items/service.js';
import { TransactionService } from './transactions/service.js';

/** What the commerce routes share. */
export interface CommerceContext {
  runtime: ServiceRuntime;
  config: CommerceConfig;
  transactions: TransactionService;
  items: ItemService;
}

/** Builds the services of one commerce instance on its runtime. */
export function createContext(runtime: ServiceRuntime, config: CommerceConfig): CommerceContext {
  return { runtime, config, transactions: new TransactionService(runtime), items: new ItemService(runtime) };
}
