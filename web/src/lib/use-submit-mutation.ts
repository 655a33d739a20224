import { useMutation, type DefaultError, type UseMutateFunction, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * `useMutation` for what a member submits (a form, a Save or Send button): one request at a time.
 * The pending flag that disables the button reaches the screen a moment after the click, so a
 * second click in that moment (a fast double click) would send the form again; a ref set
 * synchronously on `mutate` drops it, and the mutation's settling releases it.
 */
export function useSubmitMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const inFlight = useRef(false);
  const { onSettled } = options;
  const mutation = useMutation<TData, TError, TVariables, TContext>({
    ...options,
    // The hook-level callback runs for every call, even after the screen unmounts, so the guard always opens again.
    onSettled: (...args) => {
      inFlight.current = false;
      return onSettled?.(...args);
    },
  });
  const { mutate: send } = mutation;
  const mutate = useCallback<UseMutateFunction<TData, TError, TVariables, TContext>>(
    (...args) => {
      if (inFlight.current) return;
      inFlight.current = true;
      send(...args);
    },
    [send],
  );
  return { ...mutation, mutate };
}
