import type { ApiFailure } from '@/api/http-client';

/**
 * What was seen, raw: the first-download recorder (../error-reporting.ts) keeps these, and the reporter
 * keeps only what may leave the tab (./report-events.ts). Its own module, so that the recorder and the
 * reporter both depend on it and not on each other.
 */
export type Observation =
  | { type: 'error'; source: 'render' | 'uncaught' | 'rejection'; error: unknown; path: string; at: number }
  | { type: 'api'; failure: ApiFailure; path: string; at: number }
  | { type: 'csp'; directive: string; blockedURI: string; path: string; at: number };
