import { endpoints } from '@/api/endpoints';
import type { Observation } from './observation';
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

/**
 * A chunk of the build as Vite names it: a module name (segments that start with a letter) and an
 * 8-character content hash, e.g. `credit-application-page-B1x2Qz9_.js`. Never a run of five digits (a CPF
 * has eleven): a name made of data is not a chunk of this app.
 */
const HASHED_CHUNK = /^[A-Za-z][\w.]{0,60}(?:-[A-Za-z][\w.]{0,60}){0,6}-[\w-]{8}\.js$/;

function isHashedChunk(file: string): boolean {
  return HASHED_CHUNK.test(file) && !/\d{5}/.test(file);
}

/**
 * `file.js:line:col` of the stack frames in this app's bundle (`/assets/<hashed chunk>.js`); nothing else
 * survives. Read from the frame lines only: the stack starts with the message, which is data and may be
 * written to look like a frame.
 */
function bundleFrames(error: unknown): string[] {
  if (!(error instanceof Error) || typeof error.stack !== 'string') return [];
  let stack = error.stack;
  // V8 writes `Name: message` first; other engines write no message. Whatever precedes the message's end
  // is left out.
  const messageEnd = error.message === '' ? -1 : stack.indexOf(error.message);
  if (messageEnd >= 0) stack = stack.slice(messageEnd + error.message.length);
  const frames: string[] = [];
  for (const match of stack.matchAll(/\/assets\/([\w.-]{1,140}):(\d{1,9}):(\d{1,9})\b/g)) {
    const [, file = '', line = '', column = ''] = match;
    if (!isHashedChunk(file)) continue;
    frames.push(`${file}:${line}:${column}`);
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

/** The operations of the interface (src/api/endpoints.ts): a method and a path template. */
const OPERATIONS: ReadonlySet<string> = new Set(
  Object.values(endpoints).map((endpoint) => `${endpoint.method} ${endpoint.template}`),
);

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
        // Only an operation of the endpoint table is passed on; anything else may hold data.
        operation: OPERATIONS.has(operation) ? operation : 'unknown',
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
