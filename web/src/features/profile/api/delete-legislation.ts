import { apiRequest } from '../../../lib/api-client';
import { useDeleteAndRefresh } from '../../../lib/use-delete-and-refresh';
import { legislationKeyRoot } from './get-legislation';

/** `DELETE /api/proposed-legislation/{id}`: its author only. */
export function deleteLegislation(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/proposed-legislation/${encodeURIComponent(id)}`);
}

/** Asked for in a confirm that `onSettled` closes (see `useDeleteAndRefresh`). */
export function useDeleteLegislation(onSettled: () => void) {
  return useDeleteAndRefresh({ remove: deleteLegislation, queryKey: legislationKeyRoot, deleted: { title: 'Legislation deleted', description: 'Your proposed legislation has been removed.' }, onSettled });
}
