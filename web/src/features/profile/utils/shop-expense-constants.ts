import type {
  EXPENSE_LIMITS as EXPENSE_LIMITS_CONTRACT,
  EXPENSES_LIMIT,
  ITEM_LIMITS as ITEM_LIMITS_CONTRACT,
  ITEMS_LIMIT,
} from '@freemarket/contracts';

/*
 * The contract's values for the Shop tab and the expenses, typed from it: its module brings zod
 * with it, so the client declares its own copies, and a changed contract stops this compiling.
 */

export const ITEM_LIMITS: typeof ITEM_LIMITS_CONTRACT = { title: 200, description: 5000, photos: 10, photoUrl: 2048 };
export const ITEMS_PAGE_SIZE: (typeof ITEMS_LIMIT)['default'] = 20;

export const EXPENSE_LIMITS: typeof EXPENSE_LIMITS_CONTRACT = { lineItem: 500, vendor: 200, category: 100, notes: 2000 };
export const EXPENSES_PAGE_SIZE: (typeof EXPENSES_LIMIT)['default'] = 50;
