import type { CONNECTIONS_LIMIT, MESSAGES_LIMIT } from '@freemarket/contracts';
import type { PaymentMethod } from '@freemarket/contracts/constants';

/** Spec 01 §9: the business constants the screens are built from. */
export const MAP_DEFAULT_CENTER: [number, number] = [37.7749, -122.4194];
export const MAP_DEFAULT_ZOOM = 12;
export const MAP_MAX_ZOOM = 19;
export const MARKER_SIZE = 32;
export const MARKER_SIZE_SELECTED = 40;
export const MAX_SKILLS_SHOWN = 2;
export const MAX_REVIEWS_SHOWN = 5;
export const SEARCH_DEBOUNCE_MS = 300;
export const LOCATION_RADIUS = 50;
export const LOAD_MORE_THRESHOLD = 10;
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
export const DEFAULT_RATING = 5;
/**
 * What others add reaches an open screen within 30 s: the feed's newest posts and the surveys
 * waiting to be answered are read again this often, and when the tab comes back into view.
 */
export const LIVE_REFRESH_MS = 20_000;

export const PLACEHOLDERS = { profiles: 5, reviews: 2, allConnections: 3, requests: 2, sent: 2, messages: 3 } as const;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export { SEARCH_SCOPES, SEARCH_SORTS, TRANSACTION_TYPES } from '@freemarket/contracts/constants';
export type { SearchScope, SearchSort, TransactionType } from '@freemarket/contracts/constants';

/** The contract's payment methods with the labels spec 01 §9 shows. */
export const PAYMENT_METHODS = [
  { value: 'cash', label: 'Cash' },
  { value: 'venmo', label: 'Venmo' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'zelle', label: 'Zelle' },
  { value: 'check', label: 'Check' },
  { value: 'bank_transfer', label: 'Bank Transfer' },
  { value: 'barter', label: 'Barter/Trade' },
  { value: 'iou', label: 'IOU' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly { value: PaymentMethod; label: string }[];
export type { PaymentMethod };

/**
 * Page sizes the client asks for. Typed from the contracts (a type-only import keeps zod out of
 * the bundle): if a contract's maximum changes, this stops compiling.
 */
export const CONNECTIONS_PAGE_SIZE: (typeof CONNECTIONS_LIMIT)['max'] = 100;
export const MESSAGES_PAGE_SIZE: (typeof MESSAGES_LIMIT)['max'] = 100;
