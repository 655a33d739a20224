import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { DeleteAccount } from '@freemarket/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/auth/user/export`: everything FreeMarket holds about the member as one JSON file. The
 * page links to it: the browser downloads it with the session's cookie.
 */
export const ACCOUNT_EXPORT_HREF = '/api/auth/user/export';

/** `DELETE /api/auth/user`: deletes the account; the gateway ends the session as it answers. */
export function deleteAccount(body: DeleteAccount): Promise<void> {
  return apiRequest<void>('DELETE', '/api/auth/user', body);
}

export function useDeleteAccount(options: { onSuccess: () => void }) {
  return useSubmitMutation({ mutationFn: deleteAccount, onSuccess: options.onSuccess });
}
