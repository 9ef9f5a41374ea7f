import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The config.json a Node server of this project serves: `APP_CONFIG_FILE` (the e2e tests), else `fallback`. */
export function configFileOf(fallback: string): string {
  return process.env.APP_CONFIG_FILE ? path.resolve(process.env.APP_CONFIG_FILE) : fallback;
}

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

export function contentSecurityPolicy(connectOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    // No inline script anywhere: index.html's shell is HTML and CSS, the app is its own files.
    "script-src 'self'",
    // Emotion (MUI) injects <style> elements at run time (and the shell's style is inline); without a
    // server that stamps nonces, styles need 'unsafe-inline'. Scripts never do.
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
