import { createMemoryStore } from './memory-store';

/**
 * The one way a screen hands data to the next one. The data stays in memory; the history entry of the
 * navigation carries only an opaque id (`{ handOff: id }` in router state), so that nothing personal
 * reaches the URL, the history state or the title, and an unrelated visit to the same screen receives
 * nothing. The receiving screen reads the data on arrival and consumes it, so that Back or Forward to
 * that entry does not act on it again. Signing out forgets every hand-off (a memory store).
 *
 * Each destination is named after its route (`paths` in src/config/paths.ts) and says what it takes.
 */
export interface HandOffs {
  /** Products → credit application: the product picked. */
  newApplication: { productCode: string };
  /** Credit application → analysis status: the CPF just submitted (11 digits). */
  analysisStatus: { cpf: string };
  /** Accounts → cards: the code to request a virtual card for. */
  cards: { virtualCardAccount: number };
}

export type HandOffDestination = keyof HandOffs;

interface Parcel {
  to: HandOffDestination;
  data: unknown;
}

/** Hand-offs not yet consumed; a handful at most (one per navigation that was not completed). */
const MAX_WAITING = 10;
const waiting = createMemoryStore<ReadonlyMap<string, Parcel>>(() => new Map());

/** Stores `data` for `to` and returns the router state for the navigation that delivers it. */
export function handOff<K extends HandOffDestination>(to: K, data: HandOffs[K]): { handOff: string } {
  const id = crypto.randomUUID();
  const parcel: [string, Parcel] = [id, { to, data }];
  waiting.set((current) => new Map([...current, parcel].slice(-MAX_WAITING)));
  return { handOff: id };
}

function idOf(routerState: unknown): string | null {
  if (typeof routerState !== 'object' || routerState === null || !('handOff' in routerState)) return null;
  return typeof routerState.handOff === 'string' ? routerState.handOff : null;
}

/** The data handed to `to` by the navigation whose router state is `routerState`, if any (not consumed). */
export function peekHandOff<K extends HandOffDestination>(to: K, routerState: unknown): HandOffs[K] | null {
  const id = idOf(routerState);
  const parcel = id === null ? undefined : waiting.get().get(id);
  // The destination was checked when it was stored with this type (handOff's signature).
  return parcel?.to === to ? (parcel.data as HandOffs[K]) : null;
}

/** Forgets the hand-off of this navigation: the screen has taken it. */
export function consumeHandOff(routerState: unknown): void {
  const id = idOf(routerState);
  if (id === null || !waiting.get().has(id)) return;
  waiting.set((current) => new Map([...current].filter(([key]) => key !== id)));
}
