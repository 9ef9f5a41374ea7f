import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importCycles, importGraph } from './import-cycles';

describe('import circles', () => {
  it('finds a circle of any length and a self-import, and nothing in a tree', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
      ['f.ts', ['d.ts']],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    expect(
      importCycles(
        new Map([
          ['x.ts', ['y.ts']],
          ['y.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('counts type-only and dynamic imports and the @/ alias, and leaves tests and packages out', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
    mkdirSync(path.join(root, 'app'));
    writeFileSync(
      path.join(root, 'app', 'recorder.ts'),
      "import type { Seen } from '@/app/reporter';\nimport { z } from 'zod';\nexport const seen: Seen[] = [];\n",
    );
    writeFileSync(
      path.join(root, 'app', 'reporter.ts'),
      "export type Seen = string;\nexport const load = () => import('./recorder');\n",
    );
    writeFileSync(path.join(root, 'app', 'reporter.test.ts'), "import { load } from './reporter';\n");
    const graph = importGraph(root);
    expect([...graph.keys()].sort()).toEqual(['app/recorder.ts', 'app/reporter.ts']);
    expect(graph.get('app/recorder.ts')).toEqual(['app/reporter.ts']);
    expect(importCycles(graph)).toEqual([['app/recorder.ts', 'app/reporter.ts']]);
  });
});
