import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { Observation } from './observation';
import { createReportQueue, type ReportQueue } from './report-queue';
import { toReportEvent } from './report-events';
import { routeName } from './route-name';

/**
 * The operational reports (docs/decisions/014-operational-reports.md), loaded by error-reporting.ts after
 * the first paint, only when config.json names a `reportUrl`: uncaught errors, failed provider calls, CSP
 * violations and the Core Web Vitals of each screen, batched and rate-limited (report-queue.ts), sent with
 * `navigator.sendBeacon` (a `keepalive` fetch when the beacon is refused). Nothing in them identifies a
 * customer or an operator.
 */
export function startReporter(options: {
  reportUrl: string;
  environment: string;
}): (observation: Observation) => void {
  const queue = createReportQueue({
    environment: options.environment,
    send: (body) => sendReport(options.reportUrl, body),
  });
  reportWebVitals(queue);
  // The last moments a page can send reliably: it is being hidden (tab switch, close, navigation away).
  // web-vitals reports CLS and INP on the same event from capturing listeners, which run first.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') queue.flush();
  });
  window.addEventListener('pagehide', () => queue.flush());
  return (observation) => queue.add(toReportEvent(observation));
}

/**
 * sendBeacon survives the page going away and needs no answer. Its body is text/plain, a CORS-safelisted
 * type: the collector on another origin gets no preflight (the body is JSON all the same).
 */
function sendReport(url: string, body: string): void {
  const beacon = new Blob([body], { type: 'text/plain;charset=UTF-8' });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, beacon)) return;
  void fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    mode: 'no-cors',
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
}

/**
 * Each metric of each screen: with `reportSoftNavs`, a browser that tells route changes apart (Chromium)
 * reports a screen reached inside the app as its own navigation, and closes the previous screen's CLS and
 * INP when it does; other browsers report the screen the page was loaded on. The screen is named from the
 * metric's own URL, which itself never leaves the tab.
 */
function reportWebVitals(queue: ReportQueue): void {
  const add = (metric: Metric) => {
    let path = location.pathname;
    if (metric.navigationURL !== undefined) {
      try {
        path = new URL(metric.navigationURL).pathname;
      } catch {
        // keep the current path
      }
    }
    queue.add({
      type: 'vital',
      at: new Date().toISOString(),
      route: routeName(path),
      name: metric.name,
      value: metric.name === 'CLS' ? Math.round(metric.value * 1000) / 1000 : Math.round(metric.value),
      rating: metric.rating,
      navigation: metric.navigationType,
    });
  };
  onLCP(add, { reportSoftNavs: true });
  onFCP(add, { reportSoftNavs: true });
  onTTFB(add, { reportSoftNavs: true });
  onCLS(add, { reportSoftNavs: true });
  onINP(add, { reportSoftNavs: true });
}
