import type * as z from 'zod/mini';

/**
 * A request's own decoding of a 2xx JSON body: handed each chunk as it arrives (its own from then on: the
 * client keeps no copy), then told that the body is complete.
 */
export interface BodyDecoder<T> {
  push(chunk: Uint8Array): void;
  end(): Promise<DecodedBody<T>>;
  /** The body will not be complete (a time-out, a cancel, a dropped connection). */
  cancel(): void;
}

/** A 2xx body, parsed and checked against its schema; the failures say what an ApiError needs. */
export type DecodedBody<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'empty' }
  | { kind: 'unreadable'; reason: string }
  | { kind: 'contract'; field: string | null; detail: string };

export type BodyRead =
  | { kind: 'empty' }
  | { kind: 'json'; value: unknown }
  | { kind: 'unreadable'; reason: string }
  /** Not parsed here: handed to the request's `decoder` as it arrived. */
  | { kind: 'decoder' };

const NOT_JSON = 'a body that is not valid JSON';
const HTML = 'an HTML page instead of JSON';

/** A body's text as the client reads it: nothing, an HTML page, or JSON (parsed, or not). */
function readText(text: string): BodyRead | { kind: 'text' } {
  if (!/\S/.test(text)) return { kind: 'empty' };
  if (/^\s*</.test(text)) return { kind: 'unreadable', reason: HTML };
  return { kind: 'text' };
}

/**
 * A body's bytes, all of them. `onBytes` is told of every chunk as it arrives (a time-out that counts from
 * the last byte); `signal` stops the reading (a time-out, the caller's cancel) even where aborting the
 * request would not end a body already under way.
 */
async function readBytes(
  response: Response,
  onBytes: (chunk: Uint8Array) => void,
  signal: AbortSignal,
  keep: boolean,
): Promise<ArrayBuffer> {
  const reader = response.body?.getReader();
  if (!reader) {
    const whole = await response.arrayBuffer();
    onBytes(new Uint8Array(whole.slice(0)));
    return whole;
  }
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (keep) {
        chunks.push(value);
        length += value.byteLength;
      }
      onBytes(value);
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
  signal.throwIfAborted();
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}

/** Whether the response says it is an HTML page (a proxy's error page, a login page). */
export function isHtml(response: Response): boolean {
  return /text\/html/i.test(response.headers.get('Content-Type') ?? '');
}

export async function readBody(
  response: Response,
  options: { decoder: BodyDecoder<unknown> | null; onBytes: () => void; signal: AbortSignal },
): Promise<BodyRead> {
  const { decoder } = options;
  const bytes = await readBytes(
    response,
    (chunk) => {
      options.onBytes();
      decoder?.push(chunk);
    },
    options.signal,
    decoder === null,
  );
  // Handed to the request's decoder as it came, which tells an empty body or an HTML page as below.
  if (decoder) return { kind: 'decoder' };
  const text = new TextDecoder().decode(bytes);
  const read = readText(text);
  if (read.kind !== 'text') return read;
  if (isHtml(response)) return { kind: 'unreadable', reason: HTML };
  try {
    return { kind: 'json', value: JSON.parse(text) };
  } catch {
    return { kind: 'unreadable', reason: NOT_JSON };
  }
}

/**
 * What the client does with the bytes of a 2xx body, as a pure function: for a request's `decoder` that
 * runs elsewhere (a Web Worker) and must give the same answers.
 */
export function decodeJsonBytes<TSchema extends z.ZodMiniType>(
  body: ArrayBuffer,
  schema: TSchema,
): DecodedBody<z.infer<TSchema>> {
  const text = new TextDecoder().decode(body);
  const read = readText(text);
  if (read.kind === 'empty' || read.kind === 'unreadable') return read;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'unreadable', reason: NOT_JSON };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { kind: 'ok', data: parsed.data };
  return { kind: 'contract', ...describeContractIssue(parsed.error) };
}

/** "conteudo.produtos.0.nome: expected string" for the first issue zod found. */
export function describeContractIssue(error: z.core.$ZodError): { field: string | null; detail: string } {
  const issue = error.issues[0];
  if (!issue) return { field: null, detail: 'unexpected body' };
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : null;
  return { field, detail: `${field ?? '(body)'}: ${issue.message}` };
}
