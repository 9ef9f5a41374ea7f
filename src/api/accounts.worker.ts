/**
 * The accounts Web Worker: decodes, indexes, searches and sorts the 10 000 accounts off the main thread
 * (decision 012). A thin wrapper: the work is answerAccountsRequest's (accounts-engine.ts), tested without a
 * worker.
 */
import { answerAccountsRequest, type AccountsRequest, type AccountsWorkerState } from './accounts-engine';

const state: AccountsWorkerState = { datasets: new Map() };

self.addEventListener('message', (event: MessageEvent<AccountsRequest>) => {
  const { reply, transfer, after } = answerAccountsRequest(state, event.data);
  self.postMessage(reply, { transfer });
  after?.();
});
