import * as z from 'zod/mini';
import { decodeJsonBytes, type DecodedBody } from '../http-client';
import {
  accountListResponseSchema,
  accountSchema,
  type Account,
  type AccountListResponse,
} from './accounts-schema';

/**
 * The accounts body decoded as it arrives, so that when its last byte is in, all but the last few
 * thousand accounts are already parsed and checked against the contract (100,000 accounts take seconds
 * to arrive, and as long again to parse and check at once; decision 012).
 *
 * It splits the `accounts` array between its elements as the text streams in (a scanner that only tracks
 * strings and nesting), parses each batch with JSON.parse and checks it with the contract's own account
 * schema. It is a shortcut, never a second judge: for anything it does not find exactly as expected (a
 * batch that is not JSON or breaks the contract, no `accounts` array, a second `accounts` key, a trailing
 * comma) `finish` gives null, and the caller decodes the whole body the reference way
 * (`decodeAccountList`), which words every failure.
 */
export interface AccountListStream {
  push(bytes: Uint8Array): void;
  /** The checked body once all of it has been pushed, or null: decode the whole body instead. */
  finish(): AccountListResponse | null;
}

/** The accounts body's bytes decoded as the fetch client would (UTF-8, JSON.parse, then the contract). */
export function decodeAccountList(body: ArrayBuffer): DecodedBody<AccountListResponse> {
  return decodeJsonBytes(body, accountListResponseSchema);
}

/** Characters of array elements parsed and checked at once (about 2,000 accounts). */
const BATCH_CHARS = 1 << 19;

const checkBatch = z.array(accountSchema);

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

export function createAccountListStream(batchChars = BATCH_CHARS): AccountListStream {
  const decoder = new TextDecoder();
  const accounts: Account[] = [];
  /** Everything outside the accounts array's elements (`[]` in their place), parsed at the end. */
  const envelope: string[] = [];
  /** The elements of the accounts array not yet parsed, as text. */
  let pending: string[] = [];
  let pendingLength = 0;
  let failed = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** The last string that ended directly in the top-level object (a key, once a colon follows). */
  let stringAtTop: string[] | null = null;
  let key: string | null = null;
  /** 'before': the accounts array not met yet; 'in': its elements are streaming; 'after': it is closed. */
  let accountsArray: 'before' | 'next' | 'in' | 'after' = 'before';
  /** A batch was cut at a comma: the next element must not be empty (`[…,]` is not JSON). */
  let afterCut = false;

  /** Parses and checks a batch of elements; `last` when the array closes after it. */
  function parseBatch(text: string, last: boolean): void {
    if (failed) return;
    if (!/\S/.test(text)) {
      // Only `[]` may be empty: no element before a comma, none after the last one.
      if (!last || afterCut) failed = true;
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(`[${text}]`);
    } catch {
      failed = true;
      return;
    }
    const checked = checkBatch.safeParse(value);
    if (!checked.success) {
      failed = true;
      return;
    }
    for (const account of checked.data) accounts.push(account);
  }

  function scan(text: string): void {
    // Where the current run of envelope or element text started in `text`.
    let from = 0;
    for (let at = 0; at < text.length; at += 1) {
      const code = text.charCodeAt(at);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) {
          inString = false;
          if (depth === 1 && stringAtTop) {
            stringAtTop.push(text.slice(from, at + 1));
            from = at + 1;
            envelope.push(...stringAtTop);
            const raw = stringAtTop.join('');
            stringAtTop = null;
            key = raw;
          }
        }
        continue;
      }
      if (accountsArray === 'next' && !isSpace(code)) {
        // The first thing after `"accounts":` must open the array; anything else is left to the reference.
        if (code !== OPEN_BRACKET) {
          failed = true;
          return;
        }
        envelope.push(text.slice(from, at + 1), ']');
        from = at + 1;
        accountsArray = 'in';
        depth += 1;
        continue;
      }
      if (code === QUOTE) {
        inString = true;
        if (depth === 1) {
          // A string directly in the top-level object: kept aside until it ends (it may be a key).
          envelope.push(text.slice(from, at));
          from = at;
          stringAtTop = [];
        }
      } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        depth += 1;
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        depth -= 1;
        if (accountsArray === 'in' && depth === 1) {
          if (code !== CLOSE_BRACKET) {
            failed = true;
            return;
          }
          pending.push(text.slice(from, at));
          parseBatch(pending.join(''), true);
          pending = [];
          pendingLength = 0;
          from = at + 1;
          accountsArray = 'after';
        }
      } else if (code === COMMA && accountsArray === 'in' && depth === 2) {
        if (pendingLength + (at - from) >= batchChars) {
          pending.push(text.slice(from, at));
          parseBatch(pending.join(''), false);
          pending = [];
          pendingLength = 0;
          from = at + 1;
          afterCut = true;
        }
      } else if (code === COLON && depth === 1 && key !== null) {
        let name: unknown = null;
        try {
          name = JSON.parse(key);
        } catch {
          failed = true;
          return;
        }
        key = null;
        if (name === 'accounts') {
          if (accountsArray !== 'before') {
            // A second "accounts" key: JSON.parse would keep the last one. Left to the reference.
            failed = true;
            return;
          }
          accountsArray = 'next';
        }
      } else if (depth === 1 && !isSpace(code)) {
        key = null;
      }
      if (failed) return;
    }
    const rest = text.slice(from);
    if (stringAtTop) stringAtTop.push(rest);
    else if (accountsArray === 'in') {
      pending.push(rest);
      pendingLength += rest.length;
    } else envelope.push(rest);
  }

  return {
    push(bytes) {
      if (!failed) scan(decoder.decode(bytes, { stream: true }));
    },
    finish() {
      if (!failed) scan(decoder.decode());
      if (failed || accountsArray !== 'after' || inString || depth !== 0) return null;
      let value: unknown;
      try {
        value = JSON.parse(envelope.join(''));
      } catch {
        return null;
      }
      const checked = accountListResponseSchema.safeParse(value);
      if (!checked.success) return null;
      return { ...checked.data, accounts };
    },
  };
}
