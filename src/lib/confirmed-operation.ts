/**
 * The life of one confirmed operation on the provider (a credit request, a virtual card, a
 * cancellation) as a pure state machine:
 *
 *   editing → preparing → sending → sent | refused | unknown
 *
 * - `preparing`: a look-up the send needs first (the CPF's analyses, when the provider gets no
 *   idempotency key); nothing has been sent yet, but the send has begun.
 * - `sent`: the provider answered with success. Final: the same draft is never sent again; only a new
 *   operation (`begin`) starts over.
 * - `refused`: the provider answered with an error; nothing was done, the operator may correct and send.
 * - `unknown`: no answer we can trust; the provider may have acted. A new send repeats the operation.
 *
 * Only `editing`, `refused` and `unknown` accept a send, and a send names the `version` of the state the
 * operator saw when acting: a gesture that a newer state has overtaken (a second Enter that arrives
 * after the answer, before the screen shows it) is refused, whatever the timing.
 */
export type OperationPhase = 'editing' | 'preparing' | 'sending' | 'sent' | 'refused' | 'unknown';

export interface OperationState {
  phase: OperationPhase;
  /** Grows with every change: what a gesture saw. */
  version: number;
}

export type OperationEvent =
  /** The operator confirmed, having seen `seen`; `prepare` when a look-up comes before the request. */
  | { type: 'send'; seen: number; prepare: boolean }
  /** The look-up is done: the request leaves now. */
  | { type: 'prepared' }
  /** The send was dropped before anything left (the screen went away while preparing). */
  | { type: 'abandoned' }
  | { type: 'answered'; outcome: 'sent' | 'refused' | 'unknown' }
  /** A new operation (a new confirmation, a new draft): back to editing. */
  | { type: 'begin' };

export const initialOperationState: OperationState = { phase: 'editing', version: 0 };

/** Whether a send may start from `phase`. */
export function acceptsSend(phase: OperationPhase): boolean {
  return phase === 'editing' || phase === 'refused' || phase === 'unknown';
}

/** Whether the operation is under way (the pending state on screen, from the click to the answer). */
export function isPending(phase: OperationPhase): boolean {
  return phase === 'preparing' || phase === 'sending';
}

/** The state after `event`, or null when the event is refused in `state` (nothing changes then). */
export function nextOperationState(state: OperationState, event: OperationEvent): OperationState | null {
  const to = (phase: OperationPhase): OperationState => ({ phase, version: state.version + 1 });
  switch (event.type) {
    case 'send':
      if (!acceptsSend(state.phase) || event.seen !== state.version) return null;
      return to(event.prepare ? 'preparing' : 'sending');
    case 'prepared':
      return state.phase === 'preparing' ? to('sending') : null;
    case 'abandoned':
      return state.phase === 'preparing' ? to('editing') : null;
    case 'answered':
      return state.phase === 'sending' ? to(event.outcome) : null;
    case 'begin':
      // Never while a request may be on its way: its answer must find the state that sent it.
      return isPending(state.phase) ? null : to('editing');
  }
}
