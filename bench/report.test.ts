import { formatFigure, mostFrequent, renderTables } from './report';
import { acrossInvocations } from './stats';

describe('the bench report', () => {
  it('prints a figure as median (min–max), a steady one once, a missing one as such', () => {
    expect(formatFigure(acrossInvocations([[740, 512, 530]]), 0)).toBe('530 (512–740)');
    expect(formatFigure(acrossInvocations([[1.004, 0.996]]), 2)).toBe('1.00');
    expect(formatFigure(acrossInvocations([[NaN]]), 0)).toBe('not measured');
    expect(formatFigure(acrossInvocations([[12, NaN, 14]]), 0)).toBe('13 (12–14) [1 not measured]');
    expect(formatFigure(acrossInvocations([[0, 0]]), 0, true)).toBe('—');
  });

  it('prints the most frequent text of the runs, and says when runs disagreed', () => {
    expect(mostFrequent(['p "Cole o token…"', 'p "Cole o token…"'])).toBe('p "Cole o token…"');
    expect(mostFrequent(['p', 'h1', 'p'])).toBe('p (1 of 3 runs: other)');
  });

  it('merges the invocations row by row and prints the median of their medians', () => {
    const row = (runs: number[]) => ({
      table: 'First paint',
      label: 'app: sign-in',
      cells: [
        { column: 'LCP', unit: 'ms' as const, runs },
        { column: 'LCP element', texts: ['p'] },
      ],
    });
    const lines = renderTables([[row([500, 520])], [row([900])], [row([600, 640])]]);
    expect(lines[0]).toMatch(/median of the 3 invocations' medians/);
    expect(lines).toContain('| | LCP (ms) | LCP element |');
    // Medians 510, 900, 620: the median of medians is 620, their range 510–900.
    expect(lines).toContain('| app: sign-in | 620 (510–900) | p |');
  });
});
