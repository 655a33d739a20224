import { ApiError, readableRefusalOf } from '../../../lib/api-client';

/**
 * How a refused item save is told: spec 02 §8's 'Failed to save item' as the title, and the
 * server's reason, worded for the seller, when it gave one they can act on (400: the field it
 * refused, 'Photo 1 must be an http(s) address.'; 409: the item is sold, or a buyer is paying for
 * it this instant).
 */
export const ITEM_SAVE_ERROR = {
  errorTitle: 'Failed to save item',
  errorText: (error: Error) => (error instanceof ApiError && (error.status === 400 || error.status === 409) ? readableRefusalOf(error) : null) ?? 'Please try again.',
};
