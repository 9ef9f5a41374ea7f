import { judge, overGoal, type Goal } from './bench-goals';

const lcp = (value: number): Goal => ({ name: 'first paint: LCP / floor', value, goal: 1.2, unit: 'x' });
const score = (value: number): Goal => ({
  name: 'lighthouse: sign-in',
  value,
  goal: 95,
  unit: '',
  atLeast: true,
});

describe('the bench verdict (CI report mode)', () => {
  it('passes a figure over its goal by at most 1.5x, and says it is over', () => {
    const { lines, failed } = judge([lcp(1.8)], false);
    expect(failed).toBe(false);
    expect(lines[0]).toMatch(/^over first paint: LCP \/ floor/);
  });

  it('fails a figure more than 1.5x over its goal', () => {
    const { lines, failed } = judge([lcp(1.81), lcp(1)], false);
    expect(failed).toBe(true);
    expect(lines[0]).toMatch(/^FAIL /);
    expect(lines[1]).toMatch(/^met /);
  });

  it('fails any figure over its goal with --strict', () => {
    expect(judge([lcp(1.21)], true).failed).toBe(true);
    expect(judge([lcp(1.2)], true).failed).toBe(false);
  });

  it('reads a score goal as a minimum: 90 against ≥ 95 is over, 63 is more than 1.5x short', () => {
    expect(overGoal(score(95))).toBe(1);
    expect(judge([score(99)], true).failed).toBe(false);
    expect(judge([score(90)], false)).toEqual({
      failed: false,
      lines: [expect.stringMatching(/^over .*≥ 95/)],
    });
    expect(judge([score(63)], false).failed).toBe(true);
  });

  it('fails a figure that is not a number (a part that measured nothing)', () => {
    expect(judge([lcp(NaN)], false).failed).toBe(true);
    expect(judge([score(0)], false).failed).toBe(true);
  });

  it('meets a maximum with 0: no long task at all while sorting', () => {
    const none: Goal = { name: 'accounts: longest task, sorting', value: 0, goal: 50, unit: 'ms' };
    expect(judge([none], false).failed).toBe(false);
    expect(judge([none], false).lines[0]).toMatch(/^met /);
  });
});
