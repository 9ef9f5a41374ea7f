/**
 * Every file and folder name under src/, e2e/, scripts/ and bench/ is kebab-case (STYLE.md, "Names"):
 * lower-case letters and digits in words joined by single hyphens, in each dot-separated part of a name
 * (`accounts.worker.ts`, `gateway-hostile.nginx.ts`, `batch-page.test.tsx`). ESLint's file-name plugins
 * see only the files it lints; this reads every file git tracks or would add, pictures and data included.
 * `README.md` is the one exception: the name tools and readers look for.
 *
 *   npx tsx scripts/checks/file-names.ts        exit 1 and one line per name that is not kebab-case
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** The folders whose names are checked, from the repository's root. */
export const CHECKED_ROOTS = ['src', 'e2e', 'scripts', 'bench'];

const WORD_PART = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const EXCEPTIONS = new Set(['README.md']);

/** Whether one file or folder name is kebab-case in every dot-separated part. */
export function isKebabName(name: string): boolean {
  if (EXCEPTIONS.has(name)) return true;
  return name.split('.').every((part) => WORD_PART.test(part));
}

/** The paths (files and folders, each once) under the checked roots whose own name is not kebab-case. */
export function namesNotKebab(files: readonly string[], roots: readonly string[] = CHECKED_ROOTS): string[] {
  const offenders = new Set<string>();
  for (const file of files) {
    const segments = file.split('/');
    if (!roots.includes(segments[0] ?? '')) continue;
    segments.forEach((segment, index) => {
      if (!isKebabName(segment)) offenders.add(segments.slice(0, index + 1).join('/'));
    });
  }
  return [...offenders].sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const files = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...CHECKED_ROOTS],
    { encoding: 'utf8' },
  )
    .split('\n')
    .filter(Boolean);
  const offenders = namesNotKebab(files);
  for (const offender of offenders) console.log(`not kebab-case: ${offender}`);
  if (offenders.length > 0) process.exit(1);
}
