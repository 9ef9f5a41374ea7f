/**
 * The accounts Web Worker: decodes the accounts body as it arrives, keeps the list, searches, sorts and
 * writes its CSV off the main thread (decision 012). A thin wrapper: the work is answerAccountsRequest's
 * (accounts-engine.ts), tested without a worker.
 */
import { answerAccountsRequest, type AccountsWorkerState } from './accounts-engine';
import type { AccountsRequest } from './accounts-protocol';

const state: AccountsWorkerState = { datasets: new Map(), bodies: new Map() };

self.addEventListener('message', (event: MessageEvent<AccountsRequest>) => {
  const { reply, transfer, after } = answerAccountsRequest(state, event.data);
  if (reply) self.postMessage(reply, { transfer });
  after?.();
});
