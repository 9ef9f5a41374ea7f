import { useMutation, useQueryClient, type MutateOptions, type QueryKey } from '@tanstack/react-query';
import { useRef } from 'react';
import { isUnknownOutcome } from '@/api/api-error';

interface Attempt<TVars> {
  variables: TVars;
  idempotencyKey: string;
}

export interface ConfirmedMutationOptions<TVars, TResult> {
  /** The one request (never retried by itself: a create or cancel is not idempotent). */
  send: (variables: TVars, idempotencyKey: string) => Promise<TResult>;
  /**
   * Whether `next` repeats the operation whose outcome is unknown (`previous`): then it reuses that
   * attempt's idempotency key, so a provider that honours the key can tell a repeat.
   */
  isRepeat: (previous: TVars, next: TVars) => boolean;
  /** The key of a new operation (default: a fresh UUID per confirmation). */
  newKey?: (variables: TVars) => string;
  /** Queries whose data a success makes stale (the invalidation lives here, not in screens). */
  invalidates?: (variables: TVars, result: TResult) => readonly QueryKey[];
  onSuccess?: (result: TResult, variables: TVars) => void;
  onError?: (error: Error, variables: TVars) => void;
}

/**
 * One request per confirmation: the pattern of every call that creates or cancels something (the credit
 * application, the virtual card, the cancellation). A synchronous in-flight flag refuses a second `run`
 * in the same tick (a double click lands before React re-renders the disabled button); the button reads
 * `mutation.isPending`. The idempotency key (sent only when config enables it) is reused after an
 * unknown outcome for the same operation. A success invalidates the queries it names.
 */
export function useConfirmedMutation<TVars, TResult>(options: ConfirmedMutationOptions<TVars, TResult>) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const unresolved = useRef<Attempt<TVars> | null>(null);
  const mutation = useMutation({
    mutationFn: ({ variables, idempotencyKey }: Attempt<TVars>) => options.send(variables, idempotencyKey),
    retry: false,
    onSuccess: (result, { variables }) => {
      unresolved.current = null;
      for (const queryKey of options.invalidates?.(variables, result) ?? [])
        void queryClient.invalidateQueries({ queryKey });
      options.onSuccess?.(result, variables);
    },
    onError: (error, attempt) => {
      unresolved.current = isUnknownOutcome(error) ? attempt : null;
      options.onError?.(error, attempt.variables);
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  /** Sends `variables` unless a request is under way. Returns whether it was sent. */
  function run(variables: TVars, callOptions?: MutateOptions<TResult, Error, Attempt<TVars>>): boolean {
    if (inFlight.current) return false;
    inFlight.current = true;
    const previous = unresolved.current;
    const idempotencyKey =
      previous && options.isRepeat(previous.variables, variables)
        ? previous.idempotencyKey
        : (options.newKey?.(variables) ?? crypto.randomUUID());
    mutation.mutate({ variables, idempotencyKey }, callOptions);
    return true;
  }

  return { run, mutation };
}
