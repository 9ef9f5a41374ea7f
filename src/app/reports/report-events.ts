import type { Observation } from '../error-reporting';
import { routeName } from './route-name';

/**
 * What may leave the tab in a report: names, numbers and the app's own code locations. Never a message
 * (a JSON parse error quotes the text it read; a provider message may name a customer), a URL with its
 * path or query, a body, a header or a token.
 */
export type ReportEvent =
  | {
      type: 'error';
      at: string;
      route: string;
      source: 'render' | 'uncaught' | 'rejection';
      /** The error's class name (TypeError, ApiError...), or "unknown". */
      name: string;
      /** Where in the app's own bundle: `file.js:line:column`, at most five, innermost first. */
      frames: string[];
    }
  | {
      type: 'api';
      at: string;
      route: string;
      /** Method and path template, e.g. "GET /v1/cards/request/{document}/". */
      operation: string;
      kind: string;
      status: number | null;
      durationMs: number;
    }
  | {
      type: 'csp';
      at: string;
      route: string;
      directive: string;
      /** The blocked origin, or "inline" / "eval"; never a path. */
      blocked: string;
    }
  | {
      type: 'vital';
      at: string;
      route: string;
      name: 'CLS' | 'FCP' | 'INP' | 'LCP' | 'TTFB';
      /** ms, or the unitless layout shift score for CLS. */
      value: number;
      rating: 'good' | 'needs-improvement' | 'poor';
      /** How the screen was reached: "navigate", "reload", "soft-navigation" (a route change)... */
      navigation: string;
    };

const MAX_FRAMES = 5;

/** An identifier-like class name, or "unknown": a name is code, a message is data. */
function errorName(error: unknown): string {
  const name = error instanceof Error ? error.name : null;
  return name !== null && /^[A-Za-z_$][\w$]{0,59}$/.test(name) ? name : 'unknown';
}

/** `file.js:line:col` of the stack frames in this app's bundle (`/assets/...js`); nothing else survives. */
function bundleFrames(error: unknown): string[] {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  const frames: string[] = [];
  for (const match of stack.matchAll(/\/assets\/([\w.-]+\.js):(\d+):(\d+)/g)) {
    frames.push(`${match[1] ?? ''}:${match[2] ?? ''}:${match[3] ?? ''}`);
    if (frames.length === MAX_FRAMES) break;
  }
  return frames;
}

function blockedOrigin(blockedURI: string): string {
  if (blockedURI === 'inline' || blockedURI === 'eval') return blockedURI;
  try {
    const origin = new URL(blockedURI).origin;
    return origin === 'null' ? 'other' : origin;
  } catch {
    return 'other';
  }
}

/** A method and a path template: placeholders in braces, no long run of digits (a CPF has 11). */
const PATH_TEMPLATE = /^(GET|POST|PUT|PATCH|DELETE) (?!.*\d{5})\/[\w{}/.-]*$/;

export function toReportEvent(observation: Observation): ReportEvent {
  const at = new Date(observation.at).toISOString();
  const route = routeName(observation.path);
  switch (observation.type) {
    case 'error':
      return {
        type: 'error',
        at,
        route,
        source: observation.source,
        name: errorName(observation.error),
        frames: bundleFrames(observation.error),
      };
    case 'api': {
      const { operation, kind, status, durationMs } = observation.failure;
      return {
        type: 'api',
        at,
        route,
        // Templates are code constants; anything else is not passed on.
        operation: PATH_TEMPLATE.test(operation) ? operation : 'unknown',
        kind,
        status,
        durationMs,
      };
    }
    case 'csp':
      return {
        type: 'csp',
        at,
        route,
        directive: /^[a-z-]{1,40}$/.test(observation.directive) ? observation.directive : 'unknown',
        blocked: blockedOrigin(observation.blockedURI),
      };
  }
}
