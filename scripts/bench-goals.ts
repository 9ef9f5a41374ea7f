/**
 * The verdict of `npm run bench` on its figures, apart from the measuring so that the rule CI depends on
 * (scripts/bench-goals.test.ts) is tested: report mode fails only on a figure more than 1.5x past its
 * goal (timings on a shared machine are noisy; a red CI from noise teaches people to ignore CI), strict
 * mode on any figure past it. A figure that is not a number (a part that measured nothing) always fails.
 */
export interface Goal {
  name: string;
  value: number;
  goal: number;
  unit: string;
  /** The goal is a minimum (a Lighthouse score), not a maximum. */
  atLeast?: boolean;
}

/** How far over its goal a figure may be before the bench fails (CI's report mode). */
export const FAIL_FACTOR = 1.5;

/** How far past its goal a figure is, as a factor: ≤ 1 met; a score of 90 against ≥ 95 is 1.06. */
export function overGoal(goal: Goal): number {
  return goal.atLeast ? goal.goal / goal.value : goal.value / goal.goal;
}

export function judge(goals: readonly Goal[], strict: boolean): { lines: string[]; failed: boolean } {
  let failed = false;
  const lines = goals.map((goal) => {
    const over = overGoal(goal);
    // NaN or a score of 0 (a part that measured nothing) fails; 0 against a maximum is the best figure
    // there is (no task over 50 ms at all).
    const fail = !Number.isFinite(over) || over < 0 || over > (strict ? 1 : FAIL_FACTOR);
    failed ||= fail;
    const verdict = fail ? 'FAIL' : over <= 1 ? 'met ' : 'over';
    const value = goal.value.toFixed(goal.unit === 'x' ? 2 : 1).padStart(8);
    return `${verdict} ${goal.name.padEnd(40)} ${value} ${goal.unit.padEnd(3)} goal ${goal.atLeast ? '≥' : '≤'} ${goal.goal} ${goal.unit} (${over.toFixed(2)} of goal)`;
  });
  return { lines, failed };
}
