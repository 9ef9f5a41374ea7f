import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { EARLY_INPUT_SCRIPT } from '../../src/app/first-frame/early-input';
import { configFileOf } from './runtime-html';

/**
 * Security headers for the production build as the preview server serves it (and as the deployment docs
 * show them). The Content-Security-Policy's connect-src is computed from the config.json being served, so
 * that one build can talk to a provider on another origin.
 *
 * `APP_CONFIG_FILE` lets the preview server serve another config.json than the one in dist/ (the end-to-end
 * tests point the build at the HTTP sandbox this way); a real deployment simply replaces config.json.
 */
export function securityHeadersPlugin(): Plugin {
  return {
    name: 'security-headers',
    configurePreviewServer(server) {
      const distDir = path.resolve(server.config.root, server.config.build.outDir);
      const configFile = configFileOf(path.join(distDir, 'config.json'));
      const configText = readFileSync(configFile, 'utf8');
      const headers = securityHeaders(apiOrigins(configText));
      server.middlewares.use((req, res, next) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        if (req.url?.split('?')[0] === '/config.json') {
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-store');
          res.end(configText);
          return;
        }
        next();
      });
    },
  };
}

/**
 * The origins of `baseUrl`, `accountsBaseUrl`, `cepLookupUrl`, `reportUrl` (the operational reports,
 * sent with sendBeacon, which connect-src governs) and the OIDC `auth.authority` when they are absolute
 * URLs (relative ones are 'self'). A key that is absent adds nothing: without `reportUrl` no report
 * collector is allowed.
 */
export function apiOrigins(configText: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(configText);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null) return [];
  const origins = new Set<string>();
  for (const key of ['baseUrl', 'accountsBaseUrl', 'cepLookupUrl', 'reportUrl']) {
    const value: unknown = (parsed as Record<string, unknown>)[key];
    if (typeof value === 'string' && /^https?:\/\//.test(value)) {
      try {
        origins.add(new URL(value).origin);
      } catch {
        // An invalid URL is reported by the app's own config validation.
      }
    }
  }
  // OpenID Connect: discovery, token (incl. refresh), JWKS and revocation are fetched from the authority.
  // No frame-src: renewal uses the refresh token, not an iframe.
  const auth: unknown = (parsed as Record<string, unknown>).auth;
  if (typeof auth === 'object' && auth !== null && 'authority' in auth) {
    const authority: unknown = auth.authority;
    if (typeof authority === 'string' && /^https?:\/\//.test(authority)) {
      try {
        origins.add(new URL(authority).origin);
      } catch {
        // Reported by the app's own config validation.
      }
    }
  }
  return [...origins];
}

/**
 * The CSP source of the page's one inline script, the early-input script (src/app/first-frame/early-input.ts):
 * its SHA-256, so that it alone runs inline.
 */
export function earlyInputScriptSource(): string {
  return `'sha256-${createHash('sha256').update(EARLY_INPUT_SCRIPT, 'utf8').digest('base64')}'`;
}

export function contentSecurityPolicy(connectOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${earlyInputScriptSource()}`,
    // Emotion (MUI) injects <style> elements at run time; without a server that stamps nonces,
    // styles need 'unsafe-inline'. Scripts never do: the one inline script is allowed by its hash.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    ['connect-src', "'self'", ...connectOrigins].join(' '),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(connectOrigins: readonly string[]): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(connectOrigins),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}
