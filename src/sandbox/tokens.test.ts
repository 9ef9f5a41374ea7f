// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ACCOUNTS_READ_SCOPE, issueSandboxToken, sandboxTokens, verifyAuthorization } from './tokens';

const now = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('verifyAuthorization', () => {
  it('knows the fixed tokens', () => {
    const operator = verifyAuthorization(`Bearer ${sandboxTokens.operator}`, now);
    expect(operator.ok && operator.scopes).toContain(ACCOUNTS_READ_SCOPE);
    const analyst = verifyAuthorization(`bearer ${sandboxTokens.analyst}`, now);
    expect(analyst.ok).toBe(true);
    expect(analyst.ok && analyst.scopes).not.toContain(ACCOUNTS_READ_SCOPE);
    expect(verifyAuthorization(`Bearer ${sandboxTokens.expired}`, now)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses a missing header, another scheme and unknown tokens', () => {
    expect(verifyAuthorization(null, now)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyAuthorization('Bearer', now)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyAuthorization(`Basic ${sandboxTokens.operator}`, now)).toEqual({
      ok: false,
      reason: 'unknown',
    });
    expect(verifyAuthorization('Bearer nope', now)).toEqual({ ok: false, reason: 'unknown' });
    expect(verifyAuthorization('Bearer a.b.c', now)).toEqual({ ok: false, reason: 'unknown' });
    expect(verifyAuthorization(`Bearer ${'x'.repeat(10_000)}`, now)).toEqual({
      ok: false,
      reason: 'unknown',
    });
  });

  it('accepts an issued JWT until it expires', () => {
    const token = issueSandboxToken({ scopes: [ACCOUNTS_READ_SCOPE, 'x:y'], expiresInSeconds: 60 }, now);
    expect(token.split('.')).toHaveLength(3);
    expect(token.endsWith('.')).toBe(true);
    expect(verifyAuthorization(`Bearer ${token}`, now)).toEqual({
      ok: true,
      subject: 'sandbox-user',
      scopes: [ACCOUNTS_READ_SCOPE, 'x:y'],
    });
    expect(verifyAuthorization(`Bearer ${token}`, now + 59_999).ok).toBe(true);
    expect(verifyAuthorization(`Bearer ${token}`, now + 60_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a JWT with a signature or a tampered payload', () => {
    const token = issueSandboxToken({ scopes: [], expiresInSeconds: 60 }, now);
    expect(verifyAuthorization(`Bearer ${token}sig`, now).ok).toBe(false);
    const [header] = token.split('.');
    const forged = btoa(JSON.stringify({ iss: 'other', sub: 'x', scope: '', exp: 9e9 })).replace(/=+$/, '');
    expect(verifyAuthorization(`Bearer ${header}.${forged}.`, now)).toEqual({ ok: false, reason: 'unknown' });
  });
});
