/**
 * The statistics of `npm run bench`: every figure is a list of runs; it is printed as the median and the
 * min–max of those runs, and `--invocations N` (the whole measure repeated, fresh browser and servers)
 * gives the median of the N medians with their min–max. A run that measured nothing is NaN: it is left
 * out of the figures and counted, so that a figure is never the median of a part that failed.
 */

/** The median of the finite values; NaN when there is none. */
export function median(values: readonly number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

export interface Summary {
  median: number;
  min: number;
  max: number;
  /** Finite values the figure is made of. */
  count: number;
  /** Runs that measured nothing (NaN), left out of the figure. */
  missing: number;
}

/** Median and min–max of one invocation's runs. */
export function summarize(runs: readonly number[]): Summary {
  const finite = runs.filter(Number.isFinite);
  return {
    median: median(finite),
    min: finite.length > 0 ? Math.min(...finite) : NaN,
    max: finite.length > 0 ? Math.max(...finite) : NaN,
    count: finite.length,
    missing: runs.length - finite.length,
  };
}

export interface AcrossInvocations extends Summary {
  /** Each invocation's own summary, in order. */
  invocations: Summary[];
  /** min–max of every run of every invocation. */
  runsMin: number;
  runsMax: number;
}

/**
 * The figure of several invocations: the median of their medians, with the min–max of those medians (the
 * spread a re-run can expect) and of all their runs. An invocation that measured nothing (median NaN) is
 * left out and counted in `missing`; with one invocation this is that invocation's own figure.
 */
export function acrossInvocations(perInvocation: readonly (readonly number[])[]): AcrossInvocations {
  const invocations = perInvocation.map(summarize);
  if (invocations.length === 1 && invocations[0]) {
    const only = invocations[0];
    return { ...only, invocations, runsMin: only.min, runsMax: only.max };
  }
  const medians = summarize(invocations.map((invocation) => invocation.median));
  const all = summarize(perInvocation.flat());
  return { ...medians, invocations, runsMin: all.min, runsMax: all.max };
}

/** Each run's ratio of `values` to `reference` taken in the same run (the floor loaded just before). */
export function ratiosByRun(values: readonly number[], reference: readonly number[]): number[] {
  return values.map((value, run) => value / (reference[run] ?? NaN));
}
