/**
 * Which URLs a deployment may point the app at (config.json: base URLs, the CEP service, the identity
 * provider, the report collector). The deployment's renderer (scripts/deploy/render.ts) checks config.json with
 * the same schema, so a deployment that breaks the rule is refused before it is deployed.
 *
 * - A path on this origin starts with one "/" followed by anything but "/" or "\": `//host/x` and `/\host/x`
 *   are read by browsers as another host (the second because URL parsing turns "\" into "/").
 * - An absolute URL is https, or plain http on a loopback host (127.0.0.1, localhost, [::1]) for local
 *   tests; `allowHttp` (sandbox mode) accepts plain http anywhere. No user:password part.
 * - No backslash and no white space anywhere.
 * - The host is a DNS name or an IP address: letters, digits, `.` and `-` (an IDN as its punycode), or an
 *   IPv6 address in brackets. A `*`, `;` or `,` there would make the origin, which the CSP's connect-src
 *   names, a wildcard, another directive or a second policy.
 */
export interface UrlRule {
  /** Accept a path on this origin. */
  allowPath: boolean;
  /** Accept plain http on any host, not only on loopback (sandbox mode). */
  allowHttp: boolean;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isSameOriginPath(value: string): boolean {
  return /^\/[^/\\]/.test(value);
}

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname);
}

/** Null when `value` passes `rule`, else why not (an English phrase for the config error). */
export function urlRuleViolation(value: string, rule: UrlRule): string | null {
  if (/[\s\\]/.test(value)) return 'must not contain white space or "\\"';
  if (value.startsWith('/')) {
    if (!rule.allowPath) return 'must be an absolute https URL';
    return isSameOriginPath(value) ? null : 'a path must start with a single "/" (not "//")';
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return rule.allowPath ? 'must be an https URL or a path starting with "/"' : 'must be an https URL';
  }
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  const allowed =
    url.protocol === 'https:' ||
    (url.protocol === 'http:' && (rule.allowHttp || isLoopbackHost(url.hostname)));
  if (!allowed)
    return rule.allowHttp
      ? 'must be an http(s) URL or a path starting with "/"'
      : 'must be https (plain http only on 127.0.0.1, localhost or [::1])';
  return /^([A-Za-z0-9-]+\.)*[A-Za-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)
    ? null
    : 'must have a host of letters, digits, "." and "-" (a DNS name or an IP address)';
}
