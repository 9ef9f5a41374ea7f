// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const sandboxDir = join(srcDir, 'sandbox');

/** Whether `file` imports (statically or dynamically) anything under src/sandbox. */
function importsSandbox(file: string): boolean {
  const specifiers = [
    ...readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport\(?)\s*['"]([^'"]+)['"]/g),
  ].map((match) => match[1] ?? '');
  return specifiers.some((specifier) => {
    const target = specifier.startsWith('@/')
      ? join(srcDir, specifier.slice(2))
      : specifier.startsWith('.')
        ? resolve(dirname(file), specifier)
        : null;
    return target !== null && (target === sandboxDir || target.startsWith(`${sandboxDir}/`));
  });
}

describe('sandbox boundaries (docs/requirements.md)', () => {
  it('is imported by no src/ module but main.tsx and tests (test files and src/test helpers)', () => {
    const offenders = sourceFiles(srcDir)
      .filter((file) => importsSandbox(file))
      .map((file) => relative(srcDir, file))
      .filter(
        (file) =>
          !file.startsWith('sandbox/') && !file.startsWith('test/') && file !== 'main.tsx' && !isTest(file),
      );
    expect(offenders).toEqual([]);
    // The check itself must see the imports it exists for.
    expect(importsSandbox(join(srcDir, 'main.tsx'))).toBe(true);
  });

  it('writes nothing to the console from the modules the browser loads', () => {
    const browserSide = sourceFiles(join(srcDir, 'sandbox')).filter(
      (file) => !isTest(file) && !file.endsWith('http-server.ts'),
    );
    expect(browserSide.length).toBeGreaterThan(5);
    for (const file of browserSide) expect(readFileSync(file, 'utf8'), file).not.toMatch(/\bconsole\.[a-z]/);
  });
});
