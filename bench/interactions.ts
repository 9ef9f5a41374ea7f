/**
 * What an operator feels of each key, click and tap: every interaction's latency as the Event Timing API
 * reports it, read the way web-vitals' INP attribution reads it. An interaction is the events that share
 * an `interactionId` (a key's keydown, keypress and keyup; a click's pointerdown, pointerup and click); its
 * latency is the longest of their durations (input delay + processing + presentation, to the next paint,
 * in 8 ms steps). A journey's INP is its worst interaction, or the 98th percentile when it has more than 50
 * (web-vitals: the n/50-th longest).
 *
 * No personal data leaves the page: an interaction's target is described by its tag, role and accessible
 * name's kind (an input's `name` path, a button's label), never by a value.
 */
import type { Page } from '@playwright/test';

/** One interaction, with its slowest event's parts. */
export interface Interaction {
  /** keydown, pointerup, click… (the slowest event's type). */
  type: string;
  /** The target, described without its value. */
  target: string;
  latency: number;
  inputDelay: number;
  processing: number;
  presentation: number;
}

interface EventRecord extends Interaction {
  id: number;
}

declare global {
  interface Window {
    __benchEvents?: EventRecord[];
    /** `performance.interactionCount` when the record was last read. */
    __benchCountRead?: number;
  }
  /** Event Timing's threshold (DOM's lib lacks it; web-vitals declares the same for the app). */
  interface PerformanceObserverInit {
    durationThreshold?: number;
  }
}

/** A stretch of a journey: its interactions over 16 ms, and how many it had in all. */
export interface Stretch {
  interactions: Interaction[];
  count: number;
}

/**
 * Records every event with an interaction from the page's start (call before `goto`); read with
 * `interactionsOf`. Runs in the page: no helpers, no names from outside.
 */
export async function recordInteractions(page: Page): Promise<void> {
  // No named function in here (not even an arrow held in a const): tsx would wrap it in a helper the page
  // does not have, and the script would stop at once.
  await page.addInitScript(() => {
    const events: EventRecord[] = [];
    window.__benchEvents = events;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (!entry.interactionId) continue;
        let target = '(gone)';
        if (entry.target instanceof Element) {
          const element =
            entry.target.closest('input, textarea, button, a, [role], th, td, tr') ?? entry.target;
          const tag = element.tagName.toLowerCase();
          const name = element.getAttribute('name');
          const role = element.getAttribute('role');
          const label =
            element.getAttribute('aria-label') ??
            (tag === 'button' || tag === 'a' ? element.textContent : null);
          // Digits masked: a row's text may hold a CPF.
          const text = (label ?? '').replace(/\s+/g, ' ').trim().replace(/\d/g, '#').slice(0, 40);
          target = `${tag}${name ? `[name=${name.replace(/\.\d+\./g, '.#.')}]` : ''}${role ? `[role=${role}]` : ''}${text ? ` "${text}"` : ''}`;
        }
        events.push({
          id: entry.interactionId,
          type: entry.name,
          target,
          latency: entry.duration,
          inputDelay: entry.processingStart - entry.startTime,
          processing: entry.processingEnd - entry.processingStart,
          presentation: entry.startTime + entry.duration - entry.processingEnd,
        });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  });
}

/**
 * The interactions recorded so far, one per `interactionId` (its slowest event), oldest first; the
 * record is emptied, so that the next call reads the next stretch of the journey. Waits for the last
 * one's entry: Event Timing reports an interaction after its next paint.
 */
export async function interactionsOf(page: Page): Promise<Stretch> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
  );
  const { events, count } = await page.evaluate(() => {
    // Chromium: every interaction of the page so far, those under Event Timing's threshold included.
    const now = performance.interactionCount;
    const since = now - (window.__benchCountRead ?? 0);
    window.__benchCountRead = now;
    return { events: (window.__benchEvents ?? []).splice(0), count: since };
  });
  const byId = new Map<number, EventRecord>();
  for (const event of events) {
    const known = byId.get(event.id);
    if (!known || event.latency > known.latency) byId.set(event.id, event);
  }
  const interactions = [...byId.values()].map(
    ({ type, target, latency, inputDelay, processing, presentation }) => ({
      type,
      target,
      latency,
      inputDelay,
      processing,
      presentation,
    }),
  );
  return { interactions, count: Math.max(count, interactions.length) };
}

/**
 * INP over a stretch: its worst interaction, or past 50 interactions the n/50-th longest (web-vitals'
 * rule, counting those under 16 ms too); null when none reached 16 ms.
 */
export function inpOf({ interactions, count }: Stretch): Interaction | null {
  const longest = [...interactions].sort((a, b) => b.latency - a.latency);
  return longest[Math.floor(count / 50)] ?? null;
}

/** Stretches taken together, as one journey. */
export function joined(stretches: readonly Stretch[]): Stretch {
  return {
    interactions: stretches.flatMap((stretch) => stretch.interactions),
    count: stretches.reduce((sum, stretch) => sum + stretch.count, 0),
  };
}
