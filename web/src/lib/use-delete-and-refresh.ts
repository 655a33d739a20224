import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '../components/ui/toast-store';
import { useSubmitMutation } from './use-submit-mutation';

export interface DeleteAndRefreshOptions {
  remove: (id: string) => Promise<void>;
  /** The lists that hold what is deleted, read again before `onSettled`. */
  queryKey: QueryKey;
  /** The toast once it is gone. */
  deleted: { title: string; description: string };
  onSettled: () => void;
}

/**
 * A delete asked for in a confirm (an event, an item, a piece of legislation). Spec 02 §8 gives
 * these deletes no failure message: only an expired session is reported (by the cache), and the
 * list read again shows what stayed. `onSettled` runs once the lists are read again, so the
 * confirm closing then leaves a list without the entry (and the focus on the section's heading,
 * not on a Delete button about to vanish).
 */
export function useDeleteAndRefresh({ remove, queryKey, deleted, onSettled }: DeleteAndRefreshOptions) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: remove,
    onSettled: async (_answer, error) => {
      await queryClient.invalidateQueries({ queryKey });
      if (!error) toast(deleted);
      onSettled();
    },
  });
}
