import { useSyncExternalStore } from 'react';
import type { MemoryStore } from '@/lib/memory-store';

/** The current value of a memory store (src/lib/memory-store.ts), re-rendering when it changes. */
export function useMemoryStore<T>(store: MemoryStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
