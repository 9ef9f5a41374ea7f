import * as fc from 'fast-check';
import {
  acceptsSend,
  initialOperationState,
  nextOperationState,
  type OperationEvent,
  type OperationState,
} from './confirmed-operation';

const send = (seen: number, prepare = false): OperationEvent => ({ type: 'send', seen, prepare });
const answered = (outcome: 'sent' | 'refused' | 'unknown'): OperationEvent => ({ type: 'answered', outcome });

function run(events: readonly OperationEvent[], from: OperationState = initialOperationState) {
  let state = from;
  const accepted: boolean[] = [];
  for (const event of events) {
    const next = nextOperationState(state, event);
    accepted.push(next !== null);
    if (next) state = next;
  }
  return { state, accepted };
}

describe('the confirmed operation state machine', () => {
  it('goes editing → preparing → sending → sent, and a sent draft accepts no send', () => {
    const { state, accepted } = run([
      send(0, true),
      { type: 'prepared' },
      answered('sent'),
      send(3),
      send(0),
      { type: 'prepared' },
    ]);
    expect(state.phase).toBe('sent');
    expect(accepted).toEqual([true, true, true, false, false, false]);
  });

  it('refuses a second send while preparing or sending (a double click, click + Enter)', () => {
    expect(run([send(0, true), send(0, true), send(1)]).accepted).toEqual([true, false, false]);
    expect(run([send(0), send(0), send(1)]).accepted).toEqual([true, false, false]);
  });

  it('refuses a gesture that saw an older state (an Enter queued before the refusal was shown)', () => {
    const refused = run([send(0), answered('refused')]).state;
    expect(refused).toEqual({ phase: 'refused', version: 2 });
    // Pressed while the review still showed the state before the answer:
    expect(nextOperationState(refused, send(0))).toBeNull();
    expect(nextOperationState(refused, send(1))).toBeNull();
    // Pressed on the refusal on screen:
    expect(nextOperationState(refused, send(2))).toEqual({ phase: 'sending', version: 3 });
  });

  it('accepts a resend after an unknown outcome, once', () => {
    const unknown = run([send(0), answered('unknown')]).state;
    expect(run([send(unknown.version), send(unknown.version)], unknown).accepted).toEqual([true, false]);
  });

  it('starts a new operation only when nothing is under way', () => {
    const sent = run([send(0), answered('sent')]).state;
    const fresh = nextOperationState(sent, { type: 'begin' });
    expect(fresh).toEqual({ phase: 'editing', version: 3 });
    expect(nextOperationState(run([send(0)]).state, { type: 'begin' })).toBeNull();
    expect(nextOperationState(run([send(0, true)]).state, { type: 'begin' })).toBeNull();
  });

  it('lets a send abandoned while preparing start again', () => {
    const { state } = run([send(0, true), { type: 'abandoned' }]);
    expect(state.phase).toBe('editing');
    expect(run([send(state.version)], state).state.phase).toBe('sending');
    expect(nextOperationState(run([send(0)]).state, { type: 'abandoned' })).toBeNull();
  });

  it('whatever the order of events, one request per send accepted and none after "sent"', () => {
    const event = fc.oneof(
      fc.record({ type: fc.constant('send' as const), seen: fc.nat(12), prepare: fc.boolean() }),
      fc.constant<OperationEvent>({ type: 'prepared' }),
      fc.constant<OperationEvent>({ type: 'abandoned' }),
      fc.constantFrom('sent' as const, 'refused' as const, 'unknown' as const).map(answered),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        let state = initialOperationState;
        let inFlight = 0;
        let wasSent = false;
        for (const each of events) {
          const next = nextOperationState(state, each);
          if (!next) continue;
          if (each.type === 'send') {
            expect(acceptsSend(state.phase)).toBe(true);
            expect(wasSent).toBe(false);
          }
          if (next.phase === 'sending') inFlight += 1;
          if (each.type === 'answered') inFlight -= 1;
          if (next.phase === 'sent') wasSent = true;
          // Never two requests under way, and the version always moves on.
          expect(inFlight).toBeLessThanOrEqual(1);
          expect(next.version).toBe(state.version + 1);
          state = next;
        }
      }),
    );
  });
});
