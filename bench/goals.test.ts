import { goals, judge, overGoal, type GoalId } from './goals';
import { acrossInvocations } from './stats';

const figure = (id: GoalId, ...perInvocation: number[][]) => ({
  id,
  figure: acrossInvocations(perInvocation),
});
const report = { strict: false };
/** The figures below are multiples of this goal's limit, whatever it is set to. */
const lcp = (times: number) => times * goals.productsLcp.limit;

describe('the bench verdict', () => {
  it('judges the median of the runs, not the best or the worst run', () => {
    const { verdicts } = judge([figure('productsLcp', [lcp(0.9), lcp(1.4), lcp(0.95)])], report);
    expect(verdicts[0]).toMatchObject({ status: 'met' });
    expect(verdicts[0]?.over).toBeCloseTo(0.95);
  });

  it('judges the median of the invocations’ medians', () => {
    // Medians 0.9, 1.6 and 1.1: 1.1 is over, not failing.
    const { verdicts, failed } = judge(
      [figure('productsLcp', [lcp(0.9)], [lcp(1.6), lcp(1.7), lcp(1.5)], [lcp(1.1)])],
      report,
    );
    expect(verdicts[0]?.status).toBe('over');
    expect(failed).toBe(false);
  });

  it('passes a figure at most 1.5x past its goal in report mode, and fails one further', () => {
    expect(judge([figure('productsLcp', [lcp(1.5)])], report).failed).toBe(false);
    const { verdicts, failed } = judge(
      [figure('productsLcp', [lcp(1.51)]), figure('lighthouseSignIn', [99])],
      report,
    );
    expect(failed).toBe(true);
    expect(verdicts.map((verdict) => verdict.status)).toEqual(['FAIL', 'met']);
  });

  it('fails any figure past its goal with --strict, open goals included', () => {
    expect(judge([figure('productsLcp', [lcp(1.01)])], { strict: true }).failed).toBe(true);
    expect(judge([figure('productsLcp', [lcp(1)])], { strict: true }).failed).toBe(false);
    expect(judge([figure('typingMedian', [1.3])], { strict: true }).failed).toBe(true);
  });

  it('reads a score goal as a minimum: 90 against ≥ 98 is over, 65 is more than 1.5x short', () => {
    expect(overGoal(goals.lighthouseSignIn, 98)).toBe(1);
    expect(judge([figure('lighthouseSignIn', [99])], { strict: true }).failed).toBe(false);
    expect(judge([figure('lighthouseSignIn', [90])], report).verdicts[0]?.status).toBe('over');
    expect(judge([figure('lighthouseSignIn', [65])], report).failed).toBe(true);
  });

  it('fails a figure that was not measured (a part that threw), or a score of 0', () => {
    expect(judge([figure('productsLcp', [NaN])], report).failed).toBe(true);
    expect(judge([figure('lighthouseSignIn', [0])], report).failed).toBe(true);
  });

  it('meets a maximum with 0: no long task at all while sorting', () => {
    const { verdicts } = judge([figure('accountsSortTask', [0])], report);
    expect(verdicts[0]?.status).toBe('met');
  });

  it('judges an open goal but does not let it set the exit code in report mode', () => {
    const { verdicts, failed } = judge(
      [figure('typingMedian', [2.5]), figure('accounts100kFirstRows', [NaN])],
      report,
    );
    expect(verdicts.map((verdict) => [verdict.status, verdict.open])).toEqual([
      ['FAIL', true],
      ['FAIL', true],
    ]);
    expect(failed).toBe(false);
  });

  it('opens a goal by the start of its name with --open-goal', () => {
    const twice = figure('productsLcp', [lcp(2)]);
    expect(judge([twice], report).failed).toBe(true);
    expect(judge([twice], { strict: false, openGoals: ['first paint:'] }).failed).toBe(false);
  });
});
