import { act } from '@testing-library/react';

/**
 * Runs `update` in an awaited act: React renders what it caused and whatever that suspends on (a lazy
 * chunk, a dialog's transition) before the test goes on. A plain `act(() => …)` leaves a suspended render
 * to finish outside act, which React reports ("A component suspended inside an `act` scope…").
 */
export async function awaitedAct(update: () => void) {
  await act(() => {
    update();
    return Promise.resolve();
  });
}
