/**
 * The image build the day after Debian moves a locked package (CI, after `npm run image`), with two copies
 * of deploy/image/packages.lock, each one version behind the archive (`+deb12uN` as `+deb12u(N-1)`):
 *
 * - base-files, which only point releases change: the archive no longer serves it, and nothing newer is in
 *   the security pocket. The build must exit 0 with a warning that names base-files and the command that
 *   refreshes, build base-files as the archive serves it (the image's status stanza: the real lock's
 *   version) and say so in the lock-drift file that CI and scripts/image/verify.ts read.
 * - nginx, whose newer version is in bookworm-security: the build must exit non-zero with one message
 *   naming nginx, its locked and served versions and the command, and write no image.
 *
 * Both leave the committed digest (kustomization.yaml, README.md, docs/deployment.md) and the lock they
 * were given as they were. The classification itself is unit-tested (scripts/image/check-lock.test.ts).
 * Needs what `npm run image` needs (root, mmdebstrap, Debian's archive) and dist/.
 *
 *   tsx scripts/image/moved-lock.ts
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readImageEnv, repositoryRoot } from './image-env';
import { parseStanza } from './sbom';

const env = readImageEnv();
const work = mkdtempSync(path.join(tmpdir(), 'cartoes-moved-lock-'));
const committed = ['deploy/kubernetes/kustomization.yaml', 'README.md', 'docs/deployment.md'].map(
  (file) => [file, readFileSync(path.join(repositoryRoot, file), 'utf8')] as const,
);
const lock = readFileSync(path.join(repositoryRoot, 'deploy/image/packages.lock'), 'utf8');
const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

const results: [boolean, string][] = [];
const check = (ok: boolean, what: string) => results.push([ok, what]);

/** Builds with a copy of the lock whose `name` is one Debian revision (`+deb12uN`) behind. */
function buildOneBehind(name: string) {
  const locked = new RegExp(`^${name}=(.+)$`, 'm').exec(lock)?.[1];
  const revision = locked ? /\+deb\d+u(\d+)$/.exec(locked) : null;
  if (!locked || !revision?.[1] || revision[1] === '0')
    throw new Error(`moved-lock: deploy/image/packages.lock pins no ${name} at a +deb12uN revision above 0`);
  const behind = locked.replace(/\d+$/, String(Number(revision[1]) - 1));
  const lockFile = path.join(work, `${name}.lock`);
  const out = path.join(work, name);
  writeFileSync(lockFile, lock.replace(`${name}=${locked}\n`, `${name}=${behind}\n`));
  const build = spawnSync(
    path.join(repositoryRoot, 'scripts/image/build.sh'),
    ['--skip-build', '--lock', lockFile, '--out', out],
    { encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'] },
  );
  process.stderr.write(build.stderr);
  check(read(lockFile).includes(`${name}=${behind}\n`), `${name}: the lock it was given is left as it was`);
  return { status: build.status, stderr: build.stderr, locked, behind, out };
}

// Withdrawn by a point release: warns, builds what the archive serves, passes.
const withdrawn = buildOneBehind('base-files');
check(withdrawn.status === 0, `base-files: the build exits 0 (got ${withdrawn.status})`);
check(
  withdrawn.stderr.includes('WARNING') &&
    withdrawn.stderr.includes(`base-files ${withdrawn.behind} (served: `),
  'base-files: the warning names it, its locked version and what the archive serves',
);
check(
  withdrawn.stderr.includes('npm run image -- --update-lock'),
  'base-files: the warning says the command',
);
check(
  /^base-files: /m.test(read(path.join(withdrawn.out, `${env.IMAGE_NAME}.lock-drift`))),
  'base-files: the lock-drift file names it',
);
const stanza = parseStanza(read(path.join(withdrawn.out, 'rootfs/var/lib/dpkg/status.d/base-files')));
check(
  stanza.Version === withdrawn.locked,
  `base-files: built as the archive serves it (${withdrawn.locked})`,
);

// One security version behind: fails, naming it, and writes no image.
const insecure = buildOneBehind('nginx');
check(insecure.status !== 0, `nginx: the build exits non-zero (got ${insecure.status})`);
const message = `  nginx: locked ${insecure.behind}, bookworm-security serves ${insecure.locked}`;
check(insecure.stderr.includes(message), `nginx: the failure names it and both versions ("${message}")`);
check(insecure.stderr.includes('npm run image -- --update-lock'), 'nginx: the failure says the command');
check(!existsSync(path.join(insecure.out, `${env.IMAGE_NAME}.oci.tar`)), 'nginx: no image is written');

for (const [file, content] of committed)
  check(readFileSync(path.join(repositoryRoot, file), 'utf8') === content, `${file} is left as it was`);
rmSync(work, { recursive: true, force: true });

for (const [ok, what] of results) console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
const failed = results.filter(([ok]) => !ok).length;
console.log(`moved-lock: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
