import type { BodyDecoder } from '../http-client';

/**
 * A request's decoder that hands the body to another once that one has loaded (a dynamic import started
 * with the request): the chunks that arrive before then wait here and go to it in order. A body cancelled
 * before then never reaches it; a load that failed fails the body's end.
 */
export function decoderWhenLoaded<T>(loading: Promise<() => BodyDecoder<T>>): BodyDecoder<T> {
  let target: BodyDecoder<T> | null = null;
  let waiting: Uint8Array[] = [];
  let cancelled = false;
  const ready = loading.then((create) => {
    if (cancelled) return null;
    const decoder = create();
    for (const chunk of waiting) decoder.push(chunk);
    waiting = [];
    target = decoder;
    return decoder;
  });
  // Seen by `end`; not unhandled when the body never ends (a cancel, a dropped connection).
  ready.catch(() => undefined);
  return {
    push(chunk) {
      if (target) target.push(chunk);
      else if (!cancelled) waiting.push(chunk);
    },
    end: () =>
      ready.then((decoder) => {
        if (!decoder) throw new Error('the body was cancelled before its decoder had loaded');
        return decoder.end();
      }),
    cancel() {
      cancelled = true;
      waiting = [];
      target?.cancel();
    },
  };
}
