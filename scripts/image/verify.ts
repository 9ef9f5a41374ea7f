/**
 * CI's checks of a built image (after `npm run image` and scripts/image/unpack.ts), each one able to fail:
 * - the digest is the one deploy/kubernetes/kustomization.yaml and the README name (unless the build said
 *   its Debian packages are not the lock's: then that is printed as a warning, the build's own);
 * - the config: user 101, nginx as the entrypoint reading the rendered files, no variable but PATH;
 * - the file system is plain: the only program is nginx (no shell, no tool), its njs module is there, no
 *   package manager, no apt lists or caches, no compiler; nothing is the nginx user's; the directory the
 *   pod mounts the rendered files on is there and empty, and no deploy/ file is in the image;
 * - the archive within its size budget (deploy/image/image.env, IMAGE_BUDGET_BYTES);
 * - what a scanner reads holds together with the files: every file of the image is one of a shipped
 *   package's (its md5sum in var/lib/dpkg/status.d/<package>.md5sums, unchanged) or one the build made;
 *   each package there has its status stanza; the SBOM lists exactly those packages, each with the source
 *   its stanza names, the operating system of the image's os-release, and the shipped npm packages (msw at
 *   the version of the image's mockServiceWorker.js; no build-only package).
 * Prints the figures (size, top directories, package counts).
 *
 *   tsx scripts/image/verify.ts [--dir build/image]
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readImageEnv, repositoryRoot } from './image-env';
import { readImageConfig } from './run-image';
import { debianPackage, debianPurl, operatingSystem, parseStanza } from './sbom';

const { values } = parseArgs({ options: { dir: { type: 'string', default: 'build/image' } } });
const env = readImageEnv();
const dir = path.resolve(values.dir);
const rootfs = path.join(dir, 'unpacked');
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
};

const digest = readFileSync(path.join(dir, `${env.IMAGE_NAME}.digest`), 'utf8').trim();
const ref = `${env.IMAGE_NAME}:${env.IMAGE_TAG}@${digest}`;
const driftFile = path.join(dir, `${env.IMAGE_NAME}.lock-drift`);
const drift = existsSync(driftFile) ? readFileSync(driftFile, 'utf8').trim() : '';
const kustomization = readFileSync(path.join(repositoryRoot, 'deploy/kubernetes/kustomization.yaml'), 'utf8');
const readme = readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8');
const named = kustomization.includes(`    digest: ${digest}\n`) && readme.includes(ref);
if (drift === '') {
  check(kustomization.includes(`    digest: ${digest}\n`), `kustomization.yaml's images: names ${digest}`);
  check(readme.includes(ref), `README.md names ${ref}`);
} else if (!named) {
  console.warn(
    `verify: WARNING: this image (${digest}) is not the lock's, whose digest the kustomization and the README keep; ` +
      `its Debian packages differ from deploy/image/packages.lock:\n${drift.replace(/^/gm, '  ')}\n` +
      '  npm run image -- --update-lock rewrites the lock and the digest',
  );
}

const config = readImageConfig(rootfs);
check(config.User === `${env.IMAGE_UID}:${env.IMAGE_UID}`, `the image's user is ${env.IMAGE_UID}`);
check(
  JSON.stringify([...config.Entrypoint, ...config.Cmd]) ===
    `["/usr/sbin/nginx","-e","stderr","-c","${env.IMAGE_CONFIG_DIR}/nginx.conf"]`,
  'nginx is the entrypoint, reading the rendered files',
);
check(JSON.stringify(config.Env) === '["PATH=/usr/sbin:/usr/bin:/sbin:/bin"]', 'no variable but PATH');

// Every file of the layer: type, owner, mode, path (find's view of the unpacked root).
const listing = spawnSync('find', ['.', '-printf', '%y %U:%G %m %s %p\n'], { cwd: rootfs, encoding: 'utf8' });
const entries = listing.stdout
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => {
    const [type = '', owner = '', mode = '', size = '0', file = ''] = line.split(' ');
    return { type, owner, mode, size: Number(size), file: file.replace(/^\.\/?/, '') };
  });
const executables = entries
  .filter((entry) => entry.type === 'f' && (parseInt(entry.mode, 8) & 0o111) !== 0)
  .map((entry) => path.basename(entry.file))
  .sort();
// nginx and what a dynamic program needs (the loader; libc is marked executable): no shell, no tool.
const allowed = new Set(['nginx', 'ld-linux-x86-64.so.2', 'libc.so.6']);
for (const program of executables) check(allowed.has(program), `${program} is a program the image needs`);
check(executables.includes('nginx'), 'nginx is in');
for (const forbidden of [
  'usr/bin/apt',
  'usr/bin/dpkg',
  'var/lib/dpkg/status',
  'var/lib/dpkg/info',
  'var/lib/apt',
  'var/cache/apt',
  'usr/bin/gcc',
  'usr/bin/perl',
  'bin/bash',
  'bin/sh',
  'bin/dash',
  'usr/bin/awk',
  'usr/bin/sed',
  'bin/sleep',
]) {
  check(!entries.some((entry) => entry.file === forbidden), `no ${forbidden}`);
}
const owned = entries.filter((entry) => entry.owner !== '0:0').map((entry) => entry.file);
check(owned.length === 0, `nothing is the nginx user's (got ${owned.join(', ')})`);
check(
  !entries.some((entry) => entry.file.startsWith(`${env.IMAGE_CONFIG_DIR.slice(1)}/`)),
  'the rendered files are not in the image: the pod mounts them',
);
check(
  entries.some((entry) => entry.type === 'd' && entry.file === env.IMAGE_CONFIG_DIR.slice(1)),
  `${env.IMAGE_CONFIG_DIR} is there to mount them on`,
);
check(!entries.some((entry) => entry.file.startsWith('opt/cartoes')), 'no deploy/ file is in the image');
check(
  entries.some((entry) => entry.file === 'usr/lib/nginx/modules/ngx_http_js_module.so'),
  "nginx's njs module is in (gateway mode's answer filter)",
);
check(
  entries.some((entry) => entry.file === `${env.APP_HTML_DIR.slice(1)}/index.html`),
  'the build is in',
);

const archiveBytes = statSync(path.join(dir, `${env.IMAGE_NAME}.oci.tar`)).size;
const budget = Number(env.IMAGE_BUDGET_BYTES);
check(archiveBytes <= budget, `the archive (${archiveBytes} bytes) is within its budget (${budget})`);

// What a scanner reads: the status stanzas and the md5sums beside them, against the files.
const statusDir = path.join(rootfs, 'var/lib/dpkg/status.d');
const statusFiles = readdirSync(statusDir).sort();
const stanzas = statusFiles
  .filter((file) => !file.endsWith('.md5sums'))
  .map((file) => ({ file, fields: parseStanza(readFileSync(path.join(statusDir, file), 'utf8')) }));
check(stanzas.length > 0, 'var/lib/dpkg/status.d has a stanza per shipped package');
for (const { file, fields } of stanzas) {
  check(fields.Package === file, `status.d/${file} is the stanza of ${file}`);
  check(fields.Status === 'install ok installed', `status.d/${file} says it is installed`);
  check(Boolean(fields.Version && fields.Architecture), `status.d/${file} has a version and an architecture`);
  check(statusFiles.includes(`${file}.md5sums`), `status.d/${file}.md5sums lists its files in the image`);
}
for (const file of statusFiles.filter((name) => name.endsWith('.md5sums')))
  check(statusFiles.includes(file.replace(/\.md5sums$/, '')), `status.d/${file} has its package's stanza`);
const md5 = (file: string) =>
  createHash('md5')
    .update(readFileSync(path.join(rootfs, file)))
    .digest('hex');
const packaged = new Map<string, string>();
for (const { file } of stanzas) {
  // md5sums: `<sum>  <path>`; the stanza's Conffiles: ` /<path> <sum>`.
  const sums = readFileSync(path.join(statusDir, `${file}.md5sums`), 'utf8')
    .split('\n')
    .map((line) => line.split(/\s+/))
    .map(([sum = '', name = '']) => [name, sum] as const);
  const conffiles = readFileSync(path.join(statusDir, file), 'utf8')
    .split('\n')
    .map((line) => /^ \/(\S+) ([0-9a-f]{32})$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, name = '', sum = '']) => [name, sum] as const);
  for (const [name, sum] of [...sums, ...conffiles]) {
    if (name === '') continue;
    packaged.set(name, file);
    check(existsSync(path.join(rootfs, name)) && md5(name) === sum, `${name} is ${file}'s, unchanged`);
  }
}
// The files the build itself writes: the app, deploy/, the users and name lookup, the files the runtime
// mounts over, the CA bundle (made from ca-certificates' certificates) and the scanners' status.d.
const made = [
  `${env.APP_HTML_DIR.slice(1)}/`,
  'opt/cartoes/',
  'var/lib/dpkg/status.d/',
  'etc/passwd',
  'etc/group',
  'etc/nsswitch.conf',
  'etc/hosts',
  'etc/hostname',
  'etc/resolv.conf',
  'etc/ssl/certs/ca-certificates.crt',
];
for (const entry of entries.filter((item) => item.type === 'f'))
  check(
    packaged.has(entry.file) ||
      made.some((prefix) => entry.file === prefix || (prefix.endsWith('/') && entry.file.startsWith(prefix))),
    `${entry.file} is a shipped package's (status.d) or the build's own`,
  );

const sbom = JSON.parse(readFileSync(path.join(dir, `${env.IMAGE_NAME}.cdx.json`), 'utf8')) as {
  metadata: { component: { purl: string } };
  components: { type: string; purl?: string; name: string; version: string; group?: string }[];
};
const os = operatingSystem(
  readFileSync(path.join(rootfs, 'etc/os-release'), 'utf8'),
  readFileSync(path.join(rootfs, 'etc/debian_version'), 'utf8'),
);
const debian = sbom.components.filter((component) => component.purl?.startsWith('pkg:deb/'));
const npm = sbom.components.filter((component) => component.purl?.startsWith('pkg:npm/'));
const system = sbom.components.filter((component) => component.type === 'operating-system');
check(sbom.metadata.component.purl.includes(encodeURIComponent(digest)), 'the SBOM is this image’s');
check(
  system.length === 1 && system[0]?.name === os.id && system[0].version === os.versionId,
  `the SBOM's operating system is the image's (${os.prettyName})`,
);
check(
  JSON.stringify(debian.map((component) => component.purl).sort()) ===
    JSON.stringify(stanzas.map(({ fields }) => debianPurl(debianPackage(fields), os)).sort()),
  'the SBOM lists exactly the status.d packages, each with its source (upstream=)',
);
for (const name of ['nginx', 'libnginx-mod-http-js', 'libc6', 'libssl3', 'ca-certificates']) {
  check(
    debian.some((component) => component.name === name),
    `the SBOM lists Debian's ${name}`,
  );
}
const upstreamOf = (name: string) =>
  new URLSearchParams(debian.find((component) => component.name === name)?.purl?.split('?')[1]).get(
    'upstream',
  );
check(upstreamOf('libssl3') === 'openssl', "libssl3's source is openssl");
check(upstreamOf('libc6') === 'glibc', "libc6's source is glibc");
for (const name of ['react', 'react-dom', 'material', 'msw']) {
  check(
    npm.some((component) => component.name === name),
    `the SBOM lists npm's ${name}`,
  );
}
const worker = path.join(rootfs, env.APP_HTML_DIR.slice(1), 'mockServiceWorker.js');
const workerVersion = /PACKAGE_VERSION = '([^']+)'/.exec(readFileSync(worker, 'utf8'))?.[1];
check(
  npm.some((component) => component.name === 'msw' && component.version === workerVersion),
  `the SBOM's msw is the version of the image's mockServiceWorker.js (${workerVersion})`,
);
for (const name of ['vite', 'typescript', 'chromium', 'playwright', 'vitest', 'eslint'])
  check(!npm.some((component) => component.name === name), `the SBOM lists no build-only package (${name})`);
check(!npm.some((component) => component.group === '@types'), 'the SBOM lists no types-only package');

// Where the room goes: the top directories by size (apparent, bytes).
const byTop = new Map<string, number>();
for (const entry of entries.filter((item) => item.type === 'f')) {
  const top = entry.file.split('/').slice(0, 2).join('/');
  byTop.set(top, (byTop.get(top) ?? 0) + entry.size);
}
const top = [...byTop.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
console.log(`image ${ref}`);
console.log(
  `archive ${archiveBytes} bytes (budget ${budget}); unpacked ${entries.reduce((sum, entry) => sum + (entry.type === 'f' ? entry.size : 0), 0)} bytes in ${entries.length} entries`,
);
for (const [name, size] of top) console.log(`  ${(size / 1024).toFixed(0).padStart(6)} KiB  /${name}`);
console.log(
  `SBOM: ${sbom.components.length} components (${os.prettyName}, ${debian.length} Debian, ${npm.length} npm); ` +
    `status.d: ${stanzas.length} packages, ${packaged.size} files`,
);
console.log(`programs: ${executables.join(' ')}`);
if (failures.length > 0) {
  for (const failure of failures) console.error(`verify: FAILED: ${failure}`);
  process.exit(1);
}
console.log('verify: the image is as deploy/image says');
