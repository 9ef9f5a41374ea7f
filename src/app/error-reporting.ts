import type { ApiFailure } from '@/api/http-client';
import type { Observation } from './reports/observation';

/**
 * Last-resort error handling, and what the operational reports hear (docs/decisions/014-operational-reports.md).
 * Nothing is ever written to the console: messages could carry personal data (LGPD). Screens show their
 * own messages; route error boundaries catch render errors.
 *
 * This module is in the first download, so it only records; the reporter (./reports/reporter.ts, with
 * web-vitals) loads after the first paint and only when config.json names a `reportUrl`. What happens
 * before it loads waits here, a few records at most; without a `reportUrl` nothing is kept.
 */

type Observe = (observation: Observation) => void;

const EARLY_LIMIT = 30;
let unexpectedErrors = 0;
let early: Observation[] | null = [];
let reporter: Observe | null = null;

/** Everything observed carries when and where (the path, mapped to a route name before it is sent). */
function observe(observation: Observation): void {
  if (reporter) reporter(observation);
  else if (early && early.length < EARLY_LIMIT) early.push(observation);
}

const here = () => ({ path: location.pathname, at: Date.now() });

/** A render error (React's root callbacks) or any other unexpected one. */
export function reportError(error?: unknown): void {
  unexpectedErrors += 1;
  observe({ type: 'error', source: 'render', error, ...here() });
}

export function unexpectedErrorCount(): number {
  return unexpectedErrors;
}

/** A provider call failed (the fetch client's observer). */
export function reportApiFailure(failure: ApiFailure): void {
  observe({ type: 'api', failure, ...here() });
}

export function installGlobalErrorHandlers(): void {
  window.addEventListener('unhandledrejection', (event) => {
    unexpectedErrors += 1;
    observe({ type: 'error', source: 'rejection', error: event.reason, ...here() });
    event.preventDefault();
  });
  window.addEventListener('error', (event) => {
    unexpectedErrors += 1;
    observe({ type: 'error', source: 'uncaught', error: event.error, ...here() });
    event.preventDefault();
  });
  document.addEventListener('securitypolicyviolation', (event) => {
    observe({
      type: 'csp',
      directive: event.effectiveDirective,
      blockedURI: event.blockedURI,
      ...here(),
    });
  });
}

/**
 * With `reportUrl`: loads the reporter after the first paint and hands it what waited. Without: stops
 * keeping anything.
 */
export function startReports(config: { reportUrl?: string | undefined; environmentName: string }): void {
  const { reportUrl } = config;
  if (reportUrl === undefined) {
    early = null;
    return;
  }
  requestAnimationFrame(() =>
    setTimeout(() => {
      void import('./reports/reporter').then(({ startReporter }) => {
        reporter = startReporter({ reportUrl, environment: config.environmentName });
        for (const observation of early ?? []) reporter(observation);
        early = null;
      });
    }, 0),
  );
}
