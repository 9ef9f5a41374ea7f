/**
 * The image build the day after Debian moves a locked package (CI, after `npm run image`): the build
 * runs with a copy of deploy/image/packages.lock whose libssl3 is at a version the archive does not serve
 * (the locked one with `~moved`: older, as a version that has left the archive is), and must
 * - exit 0, with a warning that names libssl3 and the command that refreshes the lock and the digest;
 * - build libssl3 as the archive serves it (the image's status stanza: the real lock's version), and say
 *   so in the lock-drift file that CI and scripts/image/verify.ts read;
 * - leave the committed digest (kustomization.yaml, README.md) and the lock it was given as they were.
 * Needs what `npm run image` needs (root, mmdebstrap, Debian's archive) and dist/.
 *
 *   tsx scripts/image/moved-lock.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readImageEnv, repositoryRoot } from './image-env';
import { parseStanza } from './sbom';

const env = readImageEnv();
const work = mkdtempSync(path.join(tmpdir(), 'cartoes-moved-lock-'));
const out = path.join(work, 'image');
const lockFile = path.join(work, 'packages.lock');
const committed = ['deploy/kubernetes/kustomization.yaml', 'README.md', 'docs/deployment.md'].map(
  (file) => [file, readFileSync(path.join(repositoryRoot, file), 'utf8')] as const,
);

const lock = readFileSync(path.join(repositoryRoot, 'deploy/image/packages.lock'), 'utf8');
const locked = /^libssl3=(.+)$/m.exec(lock)?.[1];
if (!locked) throw new Error('moved-lock: deploy/image/packages.lock pins no libssl3');
const moved = `${locked}~moved`;
writeFileSync(lockFile, lock.replace(`libssl3=${locked}\n`, `libssl3=${moved}\n`));

const build = spawnSync(
  path.join(repositoryRoot, 'scripts/image/build.sh'),
  ['--skip-build', '--lock', lockFile, '--out', out],
  { encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'] },
);
process.stderr.write(build.stderr);

const results: [boolean, string][] = [];
const check = (ok: boolean, what: string) => results.push([ok, what]);
check(build.status === 0, `the build exits 0 (got ${build.status})`);
check(
  build.stderr.includes('WARNING') && build.stderr.includes(`libssl3 ${moved} (served: `),
  'the warning names libssl3, its locked version and what the archive serves',
);
check(build.stderr.includes('npm run image -- --update-lock'), 'the warning says the command that refreshes');
const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};
check(
  /^libssl3: /m.test(read(path.join(out, `${env.IMAGE_NAME}.lock-drift`))),
  'the lock-drift file names libssl3',
);
const stanza = parseStanza(read(path.join(out, 'rootfs/var/lib/dpkg/status.d/libssl3')));
check(stanza.Version === locked, `the image has libssl3 as the archive serves it (${locked})`);
for (const [file, content] of committed)
  check(readFileSync(path.join(repositoryRoot, file), 'utf8') === content, `${file} is left as it was`);
check(
  readFileSync(lockFile, 'utf8').includes(`libssl3=${moved}\n`),
  'the lock it was given is left as it was',
);
rmSync(work, { recursive: true, force: true });

for (const [ok, what] of results) console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
const failed = results.filter(([ok]) => !ok).length;
console.log(`moved-lock: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
