import { registerAccountsDecoder } from '@/api/accounts-decoder';

/**
 * The accounts body is decoded by the accounts engine (a Web Worker that keeps the list, decision 012),
 * for the accounts screen and the cards screen's picker alike: one query, one list. src/api cannot import
 * it, so the app hands it a loader. A dynamic import: the engine is not part of the first download, and
 * the cards screen downloads it only when it asks for the list.
 */
export function registerAccountsEngine(): void {
  registerAccountsDecoder(async () => {
    const { accountsEngine } = await import('@/api/accounts/accounts-engine');
    // Created now, the worker loads while the request is under way.
    const engine = accountsEngine();
    return () => engine.load();
  });
}
