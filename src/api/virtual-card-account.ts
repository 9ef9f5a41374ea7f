import type { Account } from './accounts/accounts-schema';

/** Which Account field becomes the virtual-card `account` (config `virtualCardAccountField`). */
export type VirtualCardAccountField = 'account' | 'accountId';

/** Why an account cannot be the subject of a virtual card request under the configured reading. */
export type NotRequestableReason = 'notDigits' | 'leadingZero' | 'tooLarge';

export type VirtualCardCode =
  | { ok: true; code: number; field: VirtualCardAccountField; value: string }
  | { ok: false; reason: NotRequestableReason; field: VirtualCardAccountField; value: string };

/**
 * The integer the interface's `account` (4.4) takes for `account`, read from the configured field. The
 * field is a string; it qualifies only when it is a whole number that survives the trip to a JSON integer
 * unchanged: digits only (`12345-6` does not), no leading zero (`0123` would arrive as 123) and a safe
 * integer. Anything else is reported with its reason, never rounded, stripped or guessed.
 */
export function virtualCardCode(account: Account, field: VirtualCardAccountField): VirtualCardCode {
  const value = account[field];
  if (!/^\d+$/.test(value)) return { ok: false, reason: 'notDigits', field, value };
  if (value.length > 1 && value.startsWith('0')) return { ok: false, reason: 'leadingZero', field, value };
  const code = Number(value);
  if (!Number.isSafeInteger(code)) return { ok: false, reason: 'tooLarge', field, value };
  return { ok: true, code, field, value };
}
