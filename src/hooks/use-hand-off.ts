import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { consumeHandOff, handOff, peekHandOff, type HandOffDestination, type HandOffs } from '@/lib/hand-off';

/** Navigates to the screen `to`, handing it `data` in memory (src/lib/hand-off.ts). */
export function useNavigateWithHandOff() {
  const navigate = useNavigate();
  return <K extends HandOffDestination>(to: K, data: HandOffs[K]) =>
    void navigate(paths[to], { state: handOff(to, data) });
}

/**
 * What the previous screen handed to this one, read on arrival and then consumed (after the first
 * commit, so that a render React discards loses nothing), so that Back or Forward to this history
 * entry does not act on it again. Stable for the life of the component.
 */
export function useHandOff<K extends HandOffDestination>(to: K): HandOffs[K] | null {
  const state: unknown = useLocation().state;
  const [arrival] = useState(() => ({ state, data: peekHandOff(to, state) }));
  useEffect(() => consumeHandOff(arrival.state), [arrival]);
  return arrival.data;
}

/**
 * Props for a link that hands `data` to `to`: a real link (its address is the screen's path), whose
 * plain click navigates with the hand-off. A click that opens a new tab gets the bare screen: the new
 * tab has no session anyway (tokens live in the tab's memory).
 */
export function useHandOffLink() {
  const navigateWithHandOff = useNavigateWithHandOff();
  return <K extends HandOffDestination>(to: K, data: HandOffs[K]) => ({
    to: paths[to],
    onClick: (event: React.MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigateWithHandOff(to, data);
    },
  });
}
