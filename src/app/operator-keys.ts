/**
 * The Web Crypto half of session-broadcast.ts's exchange between tabs: a key pair drawn for each exchange
 * (ECDH P-256; the private key never leaves Web Crypto), and the tag of a verified subject under the
 * secret two such pairs agree on (HMAC-SHA-256), which only the two tabs can compute. Its own chunk,
 * fetched once the shell has loaded (no screen's first download carries it: decision 004); without it a
 * tab compares no operator, and fails closed (session-broadcast.ts).
 */

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

/** One side of an exchange: its key pair, and its public key (raw, base64url) for the other tab. */
export interface ExchangeKeys {
  crypto: SubtleCrypto;
  keys: CryptoKeyPair;
  publicKey: string;
}

export function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A key pair for one exchange, or null where there is no Web Crypto (outside a secure context). */
export async function drawKeys(): Promise<ExchangeKeys | null> {
  // Absent outside a secure context, whatever the DOM types say.
  const crypto = (globalThis.crypto as Partial<Crypto> | undefined)?.subtle;
  if (!crypto) return null;
  const keys = await crypto.generateKey(ECDH, false, ['deriveBits']);
  return {
    crypto,
    keys,
    publicKey: base64Url(new Uint8Array(await crypto.exportKey('raw', keys.publicKey))),
  };
}

/** The tag of `subject` for the pair of keys `own` and `theirs`: the same on both sides, no one else's. */
export async function operatorTag(own: ExchangeKeys, theirs: string, subject: string): Promise<string> {
  const { crypto } = own;
  const peer = await crypto.importKey('raw', fromBase64Url(theirs), ECDH, false, []);
  const secret = await crypto.deriveBits({ name: 'ECDH', public: peer }, own.keys.privateKey, 256);
  const key = await crypto.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const input = new TextEncoder().encode(`cartoes-backoffice.session\u0000operator\u0000${subject}`);
  return base64Url(new Uint8Array(await crypto.sign('HMAC', key, input)));
}
