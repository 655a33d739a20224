import { ApiError, errorMessageOf } from '../../../lib/api-client';

/**
 * How a refused item save is told: spec 02 §8's 'Failed to save item' as the title, and the
 * server's reason when it gave one the seller can act on (400: the field it refused; 409: the item
 * is sold, or a buyer is paying for it this instant).
 */
export const ITEM_SAVE_ERROR = {
  errorTitle: 'Failed to save item',
  errorText: (error: Error) => (error instanceof ApiError && (error.status === 400 || error.status === 409) ? errorMessageOf(error) : 'Please try again.'),
};
