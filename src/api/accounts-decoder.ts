import type { AccountDataset } from './accounts/account-dataset';
import type { BodyDecoder } from './http-client';

/**
 * Who decodes the accounts body. The accounts screen's engine does (a Web Worker that decodes the body as
 * it arrives and keeps the list, decision 012), and src/api imports no screen: the app registers a loader
 * of it here, a dynamic import, so that its code stays out of the first download and out of the screens
 * that never ask for the list. (This module is part of the first download: it holds nothing else.)
 */
export type AccountsDecoderLoader = () => Promise<() => BodyDecoder<AccountDataset>>;

let registered: AccountsDecoderLoader | null = null;

export function registerAccountsDecoder(load: AccountsDecoderLoader | null): void {
  registered = load;
}

export function accountsDecoderLoader(): AccountsDecoderLoader | null {
  return registered;
}
