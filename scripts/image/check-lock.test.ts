import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * scripts/image/check-lock.sh, the image's lock against what Debian's archive serves (as `apt-cache
 * madison` printed it on 2026-12-07, after bookworm-security published nginx deb12u12). The real build
 * with a copy of the lock one security version behind, and one withdrawn by a point release, runs in CI
 * (scripts/image/moved-lock.ts). Needs dpkg (its version comparison), as the build does.
 */
const served = `
     nginx | 1.22.1-9+deb12u12 | http://deb.debian.org/debian-security bookworm-security/main amd64 Packages
     nginx | 1.22.1-9+deb12u9 | http://deb.debian.org/debian bookworm/main amd64 Packages
nginx-common | 1.22.1-9+deb12u12 | http://deb.debian.org/debian-security bookworm-security/main amd64 Packages
nginx-common | 1.22.1-9+deb12u9 | http://deb.debian.org/debian bookworm/main amd64 Packages
base-files | 12.4+deb12u15 | http://deb.debian.org/debian bookworm/main amd64 Packages
     libc6 | 2.36-9+deb12u14 | http://deb.debian.org/debian bookworm/main amd64 Packages
     libc6 | 2.36-9+deb12u7 | http://deb.debian.org/debian-security bookworm-security/main amd64 Packages
 libcrypt1 | 1:4.4.33-2 | http://deb.debian.org/debian bookworm/main amd64 Packages
 libcrypt1 | 1:4.4.34-1 | http://deb.debian.org/debian bookworm-updates/main amd64 Packages
`;

const current = {
  'base-files': '12.4+deb12u15',
  libc6: '2.36-9+deb12u14',
  libcrypt1: '1:4.4.33-2',
  'nginx-common': '1.22.1-9+deb12u12',
  nginx: '1.22.1-9+deb12u12',
};

function checkLock(changes: Partial<typeof current>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-lock-'));
  try {
    const lock = path.join(dir, 'packages.lock');
    const lines = Object.entries({ ...current, ...changes }).map(([name, version]) => `${name}=${version}`);
    writeFileSync(lock, `# a comment\n${lines.join('\n')}\n`);
    writeFileSync(path.join(dir, 'served'), served);
    const result = spawnSync('scripts/image/check-lock.sh', [lock, path.join(dir, 'served')], {
      encoding: 'utf8',
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

it('passes a lock at what the archive serves, with a note for a newer version a point release still serves beside it', () => {
  const result = checkLock({});
  expect(result.status).toBe(0);
  expect(result.stdout).toBe('');
  expect(result.stderr).toBe(
    'npm run image: note: the archive serves libcrypt1 1:4.4.34-1 (locked: 1:4.4.33-2, still served); npm run image -- --update-lock takes it\n',
  );
});

it('fails a lock one security version behind, naming each package, both versions and the command', () => {
  const result = checkLock({ nginx: '1.22.1-9+deb12u11', 'nginx-common': '1.22.1-9+deb12u11' });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('FAILED');
  expect(result.stderr).toContain(
    '  nginx: locked 1.22.1-9+deb12u11, bookworm-security serves 1.22.1-9+deb12u12\n',
  );
  expect(result.stderr).toContain(
    '  nginx-common: locked 1.22.1-9+deb12u11, bookworm-security serves 1.22.1-9+deb12u12\n',
  );
  expect(result.stderr).toContain('npm run image -- --update-lock');
  expect(result.stderr.match(/FAILED/g)).toHaveLength(1);
});

it('lists a version a point release withdrew (nothing newer in security) for the build to warn about, and passes', () => {
  const result = checkLock({ 'base-files': '12.4+deb12u14', libc6: '2.36-9+deb12u13' });
  expect(result.status).toBe(0);
  expect(result.stdout).toBe(
    'base-files 12.4+deb12u14 (served: 12.4+deb12u15)\nlibc6 2.36-9+deb12u13 (served: 2.36-9+deb12u14 2.36-9+deb12u7)\n',
  );
});

it('does not take an older security version for a newer one (a point release already past it)', () => {
  // libc6: the security pocket serves deb12u7, older than the lock's deb12u14.
  expect(checkLock({}).stderr).not.toContain('libc6');
});

it('fails on security even when the point release has the locked version still', () => {
  const result = checkLock({ nginx: '1.22.1-9+deb12u9', 'nginx-common': '1.22.1-9+deb12u9' });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(
    '  nginx: locked 1.22.1-9+deb12u9, bookworm-security serves 1.22.1-9+deb12u12\n',
  );
  expect(result.stdout).toBe('');
});
