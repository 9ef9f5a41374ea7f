import { decoderWhenLoaded } from './decoder-when-loaded';
import type { BodyDecoder, DecodedBody } from '../http-client';

const bytes = (text: string) => new TextEncoder().encode(text);

/** A decoder that records what it is handed and answers with `answer`. */
function recorder<T>(answer: DecodedBody<T>) {
  const seen: string[] = [];
  const decoder: BodyDecoder<T> = {
    push: (chunk) => void seen.push(new TextDecoder().decode(chunk)),
    end: () => {
      seen.push('end');
      return Promise.resolve(answer);
    },
    cancel: () => void seen.push('cancel'),
  };
  return { seen, decoder };
}

/** A promise settled from outside, as a dynamic import settles when its chunk has come. */
function later<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('decoderWhenLoaded', () => {
  it('hands the chunks that came before the decoder had loaded to it in order, then the rest', async () => {
    const load = later<() => BodyDecoder<string>>();
    const { seen, decoder } = recorder<string>({ kind: 'ok', data: 'decoded' });
    const body = decoderWhenLoaded(load.promise);
    body.push(bytes('a'));
    body.push(bytes('b'));
    load.resolve(() => decoder);
    await load.promise;
    body.push(bytes('c'));
    expect(await body.end()).toEqual({ kind: 'ok', data: 'decoded' });
    expect(seen).toEqual(['a', 'b', 'c', 'end']);
  });

  it('never starts the decoder for a body cancelled before it had loaded', async () => {
    const load = later<() => BodyDecoder<string>>();
    const create = vi.fn(() => recorder<string>({ kind: 'empty' }).decoder);
    const body = decoderWhenLoaded(load.promise);
    body.push(bytes('a'));
    body.cancel();
    load.resolve(create);
    await expect(body.end()).rejects.toThrow(/cancelled before its decoder had loaded/);
    expect(create).not.toHaveBeenCalled();
  });

  it('cancels the decoder it has started', async () => {
    const { seen, decoder } = recorder<string>({ kind: 'empty' });
    const body = decoderWhenLoaded(Promise.resolve(() => decoder));
    await Promise.resolve();
    body.push(bytes('a'));
    body.cancel();
    expect(seen).toEqual(['a', 'cancel']);
  });

  it('fails the end of the body with the failed load, and only there', async () => {
    const load = later<() => BodyDecoder<string>>();
    const ended = decoderWhenLoaded(load.promise);
    // A body that never ends (an error status, a dropped connection) leaves no unhandled rejection.
    decoderWhenLoaded(load.promise).cancel();
    load.reject(new Error('chunk failed to load'));
    await expect(ended.end()).rejects.toThrow('chunk failed to load');
  });
});
