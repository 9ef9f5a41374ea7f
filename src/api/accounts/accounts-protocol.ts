/**
 * The messages between the page and the accounts worker (./accounts-engine.ts answers them on either side;
 * ./accounts-worker-load.ts streams a body through them). Their own module, so that both sides depend on
 * it and not on each other.
 */
import type { DecodedBody } from '@/api/http-client';
import type { AccountsOverview } from './account-dataset';
import type { CsvLayout } from './accounts-csv';
import type { AccountsView, ViewRequest } from './accounts-index';
import type { PackedAccounts } from './packed-accounts';

/** From the page to the worker. */
export type AccountsRequest =
  /** A body starts (`id` names it in its chunks and its end). */
  | { id: number; type: 'begin' }
  | { id: number; type: 'chunk'; bytes: Uint8Array }
  /** The body is complete: answered with the list, or with why it cannot be read. */
  | { id: number; type: 'end' }
  | { id: number; type: 'cancel' }
  | { id: number; type: 'index'; packed: PackedAccounts }
  | ({ id: number; type: 'view'; dataset: number } & ViewRequest)
  | { id: number; type: 'csv'; dataset: number; order: Int32Array; layout: CsvLayout };

/** From the worker to the page. */
export type AccountsReply =
  | { id: number; type: 'decoded'; outcome: Exclude<DecodedBody<unknown>, { kind: 'ok' }> }
  | { id: number; type: 'loaded'; dataset: number; packed: PackedAccounts; overview: AccountsOverview }
  | { id: number; type: 'indexed'; dataset: number }
  | { id: number; type: 'view'; view: AccountsView }
  | { id: number; type: 'csv'; file: Blob }
  /** The worker no longer holds that list (it keeps the last two): index it again. */
  | { id: number; type: 'unknown-dataset' };
