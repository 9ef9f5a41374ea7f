/**
 * Circles of imports in src/, type-only and dynamic imports included. ESLint's `import-x/no-cycle` skips
 * `import type` (by design, in its source), yet a circle closed by types still ties the modules together
 * for a reader: neither can be understood, moved or split without the other. Test files are left out
 * (they import what they test).
 *
 *   npx tsx scripts/checks/import-cycles.ts        exit 1 and one line per circle, if there is any
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** The circles of `graph`: its strongly connected components of more than one module (Tarjan). */
export function importCycles(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const selfImport = (graph.get(node) ?? []).includes(node);
    if (component.length > 1 || selfImport) cycles.push(component.sort());
  };

  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const full = path.join(directory, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') ? [full] : [];
  });
}

/** `specifier` imported from `file`, as a file of ours (`@/` is src/), or null for a package. */
function resolve(file: string, specifier: string, root: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(file), specifier)
      : null;
  if (base === null) return null;
  const bare = base.replace(/\?.*$/, '');
  if (/\.tsx?$/.test(bare)) return bare;
  for (const extension of EXTENSIONS) {
    try {
      if (statSync(bare + extension).isFile()) return bare + extension;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Every import of every source file under `root` (static, type-only and dynamic). */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => resolve(file, imported.fileName, root))
      .filter((target): target is string => target !== null && !/\.test\.tsx?$/.test(target));
    graph.set(path.relative(root, file), [...new Set(targets.map((target) => path.relative(root, target)))]);
  }
  return graph;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const cycles = importCycles(importGraph(path.resolve('src')));
  for (const cycle of cycles) console.log(`import circle: ${cycle.join(' <-> ')}`);
  if (cycles.length > 0) {
    console.log(`${cycles.length} circle(s) of imports in src/ (type-only and dynamic imports count)`);
    process.exit(1);
  }
  console.log('no circle of imports in src/');
}
