/**
 * Every goal of `npm run bench`, and the one judge of its figures (tested in bench/goals.test.ts).
 *
 * A part (bench/*.ts) reports, for each goal it measures, the value of every run; the judge takes
 * the median (across invocations, the median of the invocations' medians) and compares it with the goal.
 *
 * - Report mode (the default): the exit code is 1 only when a goal that is not open is more
 *   than 1.5x past it, or was not measured. Timings on a shared 2-core machine are noisy, and a CI that goes
 *   red on noise teaches people to ignore it; 1.5x past is a regression, not noise.
 * - An open goal (`open: true` below, or `--open-goal PREFIX`) is printed and judged like the others but
 *   does not set the exit code: a goal still out of reach by a known margin, or measured in milliseconds
 *   that swing by more than 1.5x between runs here. The figures that keep each one open are in
 *   docs/performance-log.md, not here.
 * - Strict mode (`--strict`): any figure past its goal fails, open or not.
 *
 * Ratios ("x") are taken run by run against the floor app (bench/floor) measured in the same run, so that
 * the load of the machine cancels out as far as it can.
 */
import type { AcrossInvocations } from './stats';

export type Unit = 'ms' | 'x' | 'KiB' | 'MiB' | 'score' | 'count';

export interface GoalSpec {
  /** Printed name; `--open-goal` matches its start. */
  name: string;
  limit: number;
  unit: Unit;
  /** The limit is a minimum (a Lighthouse score), not a maximum. */
  atLeast?: boolean;
  /**
   * Judged and printed, but it does not set the exit code in report mode: a goal still out of reach, or
   * one whose figure swings past 1.5x between runs on a shared machine. Why, and by how much: the
   * performance log.
   */
  open?: true;
}

export const goals = {
  // index.html paints a still shell; sign-in itself is the app's, as fast as the bare stack's screen
  // (decision 030).
  signInLcp: { name: 'first paint: sign-in LCP / floor', limit: 1, unit: 'x' },
  signInLcpPlainHost: {
    name: 'first paint: sign-in on a plain static host, LCP / floor',
    limit: 1,
    unit: 'x',
  },
  productsLcp: { name: 'first paint: products (signed-in reload) LCP / floor', limit: 1.5, unit: 'x' },
  signInJs: { name: 'first paint: sign-in JS before LCP (gzip)', limit: 185, unit: 'KiB' },
  lighthouseSignIn: { name: 'lighthouse: sign-in', limit: 95, unit: 'score', atLeast: true },
  // Every interaction answered within 100 ms at CPU 4x: INP (the worst, or p98 past 50) per journey.
  inpSignIn: { name: 'interactions: sign-in INP', limit: 100, unit: 'ms' },
  inpProducts: { name: 'interactions: products INP', limit: 100, unit: 'ms' },
  inpApplication: { name: 'interactions: a whole application INP', limit: 50, unit: 'ms' },
  inpStatusLookup: { name: 'interactions: status lookup INP', limit: 100, unit: 'ms' },
  inpCards: { name: 'interactions: cards INP', limit: 100, unit: 'ms' },
  inpAccountsScreen: { name: 'interactions: accounts INP', limit: 100, unit: 'ms' },
  inpBatch: { name: 'interactions: batch of 1,000 while it streams INP', limit: 50, unit: 'ms', open: true },
  inpAccounts: { name: 'interactions: 100,000 accounts INP', limit: 50, unit: 'ms', open: true },
  lighthouseProducts: { name: 'lighthouse: products, signed in', limit: 95, unit: 'score', atLeast: true },
  typingMedian: {
    name: 'typing: median keydown→frame / floor median',
    limit: 1.25,
    unit: 'x',
    open: true,
  },
  // The worst keystroke over the floor's median one: the floor's own worst is a single sample, too noisy
  // to divide by.
  typingWorst: {
    name: 'typing: worst keydown→frame / floor median',
    limit: 2,
    unit: 'x',
    open: true,
  },
  accountsFirstRows: {
    name: 'accounts 10k: response → first rows',
    limit: 300,
    unit: 'ms',
    open: true,
  },
  accountsSortTask: {
    name: 'accounts 10k: longest task, sorting',
    limit: 50,
    unit: 'ms',
    open: true,
  },
  accountsSearchTask: {
    name: 'accounts 10k: longest task, searching',
    limit: 50,
    unit: 'ms',
    open: true,
  },
  accountsScrollTask: {
    name: 'accounts 10k: longest task, scrolling',
    limit: 50,
    unit: 'ms',
    open: true,
  },
  accounts100kFirstRows: {
    name: 'accounts 100k: response → first rows',
    limit: 1000,
    unit: 'ms',
    open: true,
  },
  accounts100kSortTask: {
    name: 'accounts 100k: longest task, sorting',
    limit: 50,
    unit: 'ms',
    open: true,
  },
  accounts100kSearchTask: {
    name: 'accounts 100k: longest task, searching',
    limit: 50,
    unit: 'ms',
    open: true,
  },
  accounts100kScrollTask: {
    name: 'accounts 100k: longest task, scrolling',
    limit: 50,
    unit: 'ms',
    open: true,
  },
  accounts100kHeap: {
    name: 'accounts 100k: JS heap, page and worker',
    limit: 250,
    unit: 'MiB',
  },
  accounts100kExportTask: {
    name: 'accounts 100k: longest task, CSV export of all rows',
    limit: 50,
    unit: 'ms',
    open: true,
  },
  // The batch status lookup's part (bench/batch.ts): 1,000 CPFs with the provider answering each
  // in 50 ms; the time taken over the ideal time at the allowed concurrency.
  batchVsIdeal: {
    name: 'batch status: 1,000 CPFs at 50 ms / ideal',
    limit: 1.15,
    unit: 'x',
    open: true,
  },
  batchLongestTask: {
    name: 'batch status: longest task while results stream in',
    limit: 50,
    unit: 'ms',
    open: true,
  },
  // Painted in the frame after the key: 2 frames at 60 Hz (33.3 ms).
  batchFilterKeystroke: {
    name: 'batch status: worst filter keydown→frame while results stream in',
    limit: 33.3,
    unit: 'ms',
    open: true,
  },
} as const satisfies Record<string, GoalSpec>;

export type GoalId = keyof typeof goals;

/** How far past its goal a figure may be before report mode fails. */
export const FAIL_FACTOR = 1.5;

/** How far past its goal a figure is, as a factor: ≤ 1 met; a score of 90 against ≥ 95 is 1.06. */
export function overGoal(spec: GoalSpec, value: number): number {
  return spec.atLeast ? spec.limit / value : value / spec.limit;
}

export interface Verdict {
  id: GoalId;
  spec: GoalSpec;
  figure: AcrossInvocations;
  over: number;
  status: 'met' | 'over' | 'FAIL';
  /** Open (by the goal or by --open-goal): judged, but it does not set the exit code in report mode. */
  open: boolean;
}

export interface JudgeOptions {
  strict: boolean;
  /** Goals to treat as open, by the start of their name (`--open-goal`). */
  openGoals?: readonly string[];
}

export function judge(
  figures: ReadonlyArray<{ id: GoalId; figure: AcrossInvocations }>,
  options: JudgeOptions,
): { verdicts: Verdict[]; failed: boolean } {
  let failed = false;
  const verdicts = figures.map(({ id, figure }): Verdict => {
    const spec: GoalSpec = goals[id];
    const over = overGoal(spec, figure.median);
    // NaN, or a score of 0 (a part that measured nothing), fails; 0 against a maximum is the best figure
    // there is (no task over 50 ms at all).
    const broken = !Number.isFinite(over) || over < 0;
    const status = broken || over > (options.strict ? 1 : FAIL_FACTOR) ? 'FAIL' : over <= 1 ? 'met' : 'over';
    const open =
      !options.strict &&
      (spec.open !== undefined || (options.openGoals ?? []).some((prefix) => spec.name.startsWith(prefix)));
    if (status === 'FAIL' && !open) failed = true;
    return { id, spec, figure, over, status, open };
  });
  return { verdicts, failed };
}
