/** `useConfirmedMutation`: one request per confirmation for every call that creates or cancels something. */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { isUnknownOutcome, type ApiError } from '@/api/api-error';
import {
  initialOperationState,
  isPending,
  nextOperationState,
  type OperationEvent,
  type OperationPhase,
  type OperationState,
} from '@/lib/confirmed-operation';

interface Attempt<TVars> {
  variables: TVars;
  idempotencyKey: string;
  /** Repeats an attempt whose outcome was unknown (and so carries its key). */
  repeat: boolean;
}

/** How the last send ended. `confirmed`: an "already done" answer to a repeat whose first answer was lost. */
export type ConfirmedOutcome<TResult> =
  | { kind: 'sent'; result: TResult }
  | { kind: 'confirmed'; error: ApiError }
  | { kind: 'refused'; error: ApiError }
  | { kind: 'unknown'; error: ApiError };

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
  /**
   * Whether a refusal says the operation had already been done (a card "already cancelled"): answered to
   * a repeat of an attempt whose answer was lost, it confirms that the first attempt did it.
   */
  alreadyDone?: (error: ApiError, variables: TVars) => boolean;
  /** Queries whose data a success makes stale (the invalidation lives here, not in screens). */
  invalidates?: (variables: TVars) => readonly QueryKey[];
  onSuccess?: (result: TResult, variables: TVars) => void;
  /** An `alreadyDone` answer to a repeat: the operation is done, by the earlier attempt. */
  onConfirmed?: (error: ApiError, variables: TVars) => void;
  onError?: (error: ApiError, variables: TVars) => void;
}

interface Snapshot<TVars, TResult> {
  machine: OperationState;
  /** What the current or last send carries. */
  variables: TVars | null;
  /** Whether the current or last send repeats one whose outcome was unknown. */
  repeat: boolean;
  outcome: ConfirmedOutcome<TResult> | null;
}

/** The hook's state, changed synchronously (before any render) and read by React through a subscription. */
function createSnapshotStore<TVars, TResult>() {
  let snapshot: Snapshot<TVars, TResult> = {
    machine: initialOperationState,
    variables: null,
    repeat: false,
    outcome: null,
  };
  const listeners = new Set<() => void>();
  return {
    get: () => snapshot,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Applies `event` if the machine accepts it, with `patch`; returns whether it did. */
    dispatch(event: OperationEvent, patch: Partial<Omit<Snapshot<TVars, TResult>, 'machine'>> = {}) {
      const machine = nextOperationState(snapshot.machine, event);
      if (!machine) return false;
      snapshot = { ...snapshot, ...patch, machine };
      for (const listener of listeners) listener();
      return true;
    },
  };
}

export interface SendOptions {
  /** The `version` of the state the operator saw when acting (from the render that drew the button). */
  seen: number;
  /** A look-up that must come first; the operation shows as pending (`preparing`) while it runs. */
  prepare?: () => Promise<void>;
}

/**
 * One request per confirmation: the pattern of every call that creates or cancels something (the credit
 * application, the virtual card, the cancellation). The operation is the state machine of
 * src/lib/confirmed-operation.ts, changed synchronously in the handler and in the answer's callbacks (never
 * after a render), so that no gesture, at any provider speed, sends a draft twice: a double click, click
 * + Enter, an Enter during the look-up before the send, an Enter queued behind the answer. Screens read
 * `phase` (pending from the click), `outcome` and `version`, and pass the `version` they drew back to
 * `send`. The idempotency key (sent only when config enables it) is reused after an unknown outcome for
 * the same operation. A success invalidates the queries it names.
 */
export function useConfirmedMutation<TVars, TResult>(options: ConfirmedMutationOptions<TVars, TResult>) {
  const queryClient = useQueryClient();
  const [store] = useState(() => createSnapshotStore<TVars, TResult>());
  const snapshot = useSyncExternalStore(store.subscribe, store.get, store.get);
  const unresolved = useRef<Attempt<TVars> | null>(null);

  const invalidate = (variables: TVars) => {
    for (const queryKey of options.invalidates?.(variables) ?? [])
      void queryClient.invalidateQueries({ queryKey });
  };

  const mutation = useMutation({
    mutationFn: ({ variables, idempotencyKey }: Attempt<TVars>) => options.send(variables, idempotencyKey),
    retry: false,
    // Hook-level callbacks: they run in the answer's own task, whether or not the screen is still there.
    onSuccess: (result, { variables }) => {
      unresolved.current = null;
      store.dispatch({ type: 'answered', outcome: 'sent' }, { outcome: { kind: 'sent', result } });
      invalidate(variables);
      options.onSuccess?.(result, variables);
    },
    onError: (error, attempt) => {
      if (attempt.repeat && options.alreadyDone?.(error, attempt.variables)) {
        unresolved.current = null;
        store.dispatch({ type: 'answered', outcome: 'sent' }, { outcome: { kind: 'confirmed', error } });
        invalidate(attempt.variables);
        options.onConfirmed?.(error, attempt.variables);
        return;
      }
      const unknown = isUnknownOutcome(error);
      unresolved.current = unknown ? attempt : null;
      store.dispatch(
        { type: 'answered', outcome: unknown ? 'unknown' : 'refused' },
        { outcome: unknown ? { kind: 'unknown', error } : { kind: 'refused', error } },
      );
      options.onError?.(error, attempt.variables);
    },
  });
  const { mutate } = mutation;

  // A look-up still running when the screen goes away sends nothing afterwards.
  useEffect(() => () => void store.dispatch({ type: 'abandoned' }), [store]);

  /**
   * Sends `variables` if the operation accepts a send in the state the operator saw (`seen`). Returns
   * whether it began; the state is `preparing` or `sending` when this returns true.
   */
  function send(variables: TVars, { seen, prepare }: SendOptions): boolean {
    const previous = unresolved.current;
    const repeat = previous !== null && options.isRepeat(previous.variables, variables);
    const began = store.dispatch(
      { type: 'send', seen, prepare: prepare !== undefined },
      { variables, repeat, outcome: null },
    );
    if (!began) return false;
    const idempotencyKey = repeat
      ? previous.idempotencyKey
      : (options.newKey?.(variables) ?? crypto.randomUUID());
    const launch = () => mutate({ variables, idempotencyKey, repeat });
    if (!prepare) launch();
    else
      void prepare()
        .catch(() => undefined)
        .then(() => {
          if (store.dispatch({ type: 'prepared' })) launch();
        });
    return true;
  }

  /** A new operation (a new confirmation or draft): back to `editing`, unless one is under way. */
  function begin(): boolean {
    return store.dispatch({ type: 'begin' });
  }

  const phase: OperationPhase = snapshot.machine.phase;
  return {
    phase,
    pending: isPending(phase),
    /** What a gesture passes to `send` as `seen`. */
    version: snapshot.machine.version,
    outcome: snapshot.outcome,
    variables: snapshot.variables,
    repeat: snapshot.repeat,
    send,
    begin,
  };
}
