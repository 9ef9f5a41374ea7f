import { createDataset, type AccountDataset } from './account-dataset';
import type { BodyDecoder, DecodedBody } from '@/api/http-client';
import type { AccountsReply, AccountsRequest } from './accounts-protocol';

/** What a body's decoder needs of the worker engine that made it. */
export interface WorkerLink {
  /** The worker failed: this thread does the work. */
  isBroken: () => boolean;
  post: (request: AccountsRequest, transfer?: Transferable[]) => void;
  ask: <T>(
    request: AccountsRequest,
    onReply: (reply: AccountsReply) => T | Promise<T>,
    fallBack: () => Promise<T>,
  ) => Promise<T>;
  /** The worker holds this list under `held`. */
  remember: (dataset: AccountDataset, held: number) => void;
}

/**
 * The accounts body's decoder through the worker: while the worker is not known to have failed, each
 * chunk moves to it (no copy is kept here); a worker that failed before the body arrived leaves the
 * decoding to this thread (`here`).
 */
export function loadInWorker(
  id: number,
  here: BodyDecoder<AccountDataset>,
  link: WorkerLink,
): BodyDecoder<AccountDataset> {
  let moved = false;
  return {
    push(chunk) {
      if (link.isBroken()) {
        here.push(chunk);
        return;
      }
      moved = true;
      // A chunk that is a part of a larger buffer is copied: moving the buffer would take the rest too.
      const bytes =
        chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength ? chunk : chunk.slice();
      link.post({ id, type: 'chunk', bytes }, [bytes.buffer]);
    },
    end: () =>
      link.ask<DecodedBody<AccountDataset>>(
        { id, type: 'end' },
        (reply) => {
          if (reply.type === 'decoded') return reply.outcome;
          if (reply.type !== 'loaded')
            throw new Error(`accounts worker: a '${reply.type}' reply to a body's end`);
          const dataset = createDataset(reply.packed, reply.overview);
          link.remember(dataset, reply.dataset);
          return { kind: 'ok', data: dataset };
        },
        () =>
          moved
            ? Promise.reject(new Error('the accounts worker stopped while the list was arriving'))
            : here.end(),
      ),
    cancel: () => {
      here.cancel();
      link.post({ id, type: 'cancel' });
    },
  };
}
