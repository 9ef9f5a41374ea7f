import { acrossInvocations, median, ratiosByRun, summarize } from './stats';

describe('the bench statistics', () => {
  it('takes the median of an odd and of an even number of runs, in any order', () => {
    expect(median([740, 512, 530])).toBe(530);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('leaves out runs that measured nothing, and says it has nothing when none did', () => {
    expect(median([NaN, 10, 30])).toBe(20);
    expect(median([])).toBeNaN();
    expect(median([NaN])).toBeNaN();
  });

  it('summarizes one invocation as median and min–max, counting the runs left out', () => {
    expect(summarize([530, 740, 512, NaN])).toEqual({
      median: 530,
      min: 512,
      max: 740,
      count: 3,
      missing: 1,
    });
    expect(summarize([NaN])).toEqual({ median: NaN, min: NaN, max: NaN, count: 0, missing: 1 });
  });

  it('gives one invocation as its own median and min–max', () => {
    const figure = acrossInvocations([[3, 1, 2]]);
    expect(figure).toMatchObject({ median: 2, min: 1, max: 3, runsMin: 1, runsMax: 3, count: 3 });
    expect(figure.invocations).toHaveLength(1);
  });

  it('gives several invocations as the median of their medians, with those medians’ min–max', () => {
    // Medians 2, 20 and 5: the median of medians is 5, not the median of all nine runs (4).
    const figure = acrossInvocations([
      [1, 2, 3],
      [19, 20, 21],
      [4, 5, 100],
    ]);
    expect(figure).toMatchObject({ median: 5, min: 2, max: 20, count: 3, missing: 0 });
    expect(figure.runsMin).toBe(1);
    expect(figure.runsMax).toBe(100);
    expect(figure.invocations.map((invocation) => invocation.median)).toEqual([2, 20, 5]);
  });

  it('leaves out an invocation that measured nothing, and counts it', () => {
    const figure = acrossInvocations([[1, 3], [NaN], [5, 7]]);
    expect(figure).toMatchObject({ median: 4, min: 2, max: 6, count: 2, missing: 1 });
  });

  it('takes ratios run by run against the reference measured in the same run', () => {
    expect(ratiosByRun([600, 900], [500, 1000])).toEqual([1.2, 0.9]);
    expect(ratiosByRun([600, 900], [500])[1]).toBeNaN();
  });
});
