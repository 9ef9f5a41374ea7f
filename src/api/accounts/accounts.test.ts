import { accountsNamed } from '@/test/accounts';
// @vitest-environment node
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createDataset, overviewOf, type AccountDataset } from './account-dataset';
import { fetchAccounts } from './accounts';
import { decodeAccountList } from './accounts-stream';
import type { BodyDecoder, HttpClient } from '../http-client';
import { createServices } from '../services';
import { packAccounts } from './packed-accounts';
import { createSessionStore } from '../session';

const accounts = accountsNamed(['Zeta', 'Alfa']);

describe('fetchAccounts', () => {
  const server = setupServer();
  const URL_BASE = 'http://accounts.test';
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  const events: string[] = [];
  let client: HttpClient;
  beforeEach(() => {
    events.length = 0;
    const session = createSessionStore();
    session.signIn('token');
    client = createServices(
      { baseUrl: URL_BASE, accountsBaseUrl: URL_BASE, requestTimeoutMs: 5000, sendIdempotencyKey: false },
      { session },
    ).http;
    server.use(
      http.get(`${URL_BASE}/v1/account/get-all-accounts/`, () => {
        events.push('request');
        return HttpResponse.json({ accounts });
      }),
    );
  });

  /** The whole body decoded at its end, the reference way (what the engine answers, without a worker). */
  function decodedAtEnd(): BodyDecoder<AccountDataset> {
    const chunks: Uint8Array[] = [];
    return {
      push: (chunk) => void chunks.push(chunk),
      end: () => {
        const outcome = decodeAccountList(join(chunks));
        if (outcome.kind !== 'ok') return Promise.resolve(outcome);
        const list = outcome.data.accounts;
        return Promise.resolve({ kind: 'ok', data: createDataset(packAccounts(list), overviewOf(list)) });
      },
      cancel: () => undefined,
    };
  }

  it('starts loading its decoder before the request, and gives what it decoded', async () => {
    const dataset = await fetchAccounts(client, undefined, () => {
      events.push('load');
      return Promise.resolve(decodedAtEnd);
    });
    expect(dataset.toArray()).toEqual(accounts);
    expect(events).toEqual(['load', 'request']);
  });

  it('fails with a decoder that failed to load, and only when a body came for it', async () => {
    const failing = () => Promise.reject(new Error('chunk failed to load'));
    await expect(fetchAccounts(client, undefined, failing)).rejects.toThrow('chunk failed to load');
    server.use(
      http.get(`${URL_BASE}/v1/account/get-all-accounts/`, () => HttpResponse.json({}, { status: 500 })),
    );
    await expect(fetchAccounts(client, undefined, failing)).rejects.toMatchObject({
      kind: 'http',
      status: 500,
    });
  });

  it('decodes with the accounts engine by default (on this thread where there is no Worker)', async () => {
    const dataset = await fetchAccounts(client);
    expect(dataset.toArray()).toEqual(accounts);
    expect(events).toEqual(['request']);
  });
});

function join(chunks: readonly Uint8Array[]): ArrayBuffer {
  const all = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all.buffer;
}
