import { isKebabName, namesNotKebab } from './file-names';

describe('kebab-case file and folder names', () => {
  it('takes words of lower-case letters and digits joined by single hyphens, in each dot-separated part', () => {
    for (const name of ['batch-page.test.tsx', 'accounts.worker.ts', 'config.e2e.json', 'a1', 'README.md'])
      expect(isKebabName(name), name).toBe(true);
    for (const name of [
      'batchPage.tsx',
      'Batch.tsx',
      'batch_page.ts',
      'batch--page.ts',
      '-a.ts',
      'a-.ts',
      '.hidden',
    ])
      expect(isKebabName(name), name).toBe(false);
  });

  it('names each offending file or folder once, under the checked roots only', () => {
    expect(
      namesNotKebab([
        'src/features/myFeature/page.tsx',
        'src/features/myFeature/other-page.tsx',
        'e2e/snapshots/Sign_In.png',
        'bench/README.md',
        'docs/Anything_Goes.md',
        'scripts/checks/file-names.ts',
      ]),
    ).toEqual(['e2e/snapshots/Sign_In.png', 'src/features/myFeature']);
  });
});
