/**
 * CI's checks of a built image (after `npm run image` and scripts/image/unpack.ts), each one able to fail:
 * - the digest is the one deploy/kubernetes/kustomization.yaml and the README name;
 * - the config: user 101, start.sh as the entrypoint, the runtime directory, SIGQUIT;
 * - the file system is plain: the only programs are nginx and the tools deploy/image/image.env lists, no
 *   package manager, no apt lists or caches, no compiler; the runtime directory is empty and the nginx
 *   user's, nothing else is; every file start.sh reads is there;
 * - the archive within its size budget (deploy/image/image.env, IMAGE_BUDGET_BYTES);
 * - the SBOM names every Debian package with a file in the image and the npm packages of the build.
 * Prints the figures (size, top directories, package counts).
 *
 *   tsx scripts/image/verify.ts [--dir build/image]
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readImageEnv, repositoryRoot } from './image-env';
import { readImageConfig } from './run-image';

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
const kustomization = readFileSync(path.join(repositoryRoot, 'deploy/kubernetes/kustomization.yaml'), 'utf8');
check(kustomization.includes(`    digest: ${digest}\n`), `kustomization.yaml's images: names ${digest}`);
const readme = readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8');
check(readme.includes(ref), `README.md names ${ref}`);

const config = readImageConfig(rootfs);
check(config.User === `${env.IMAGE_UID}:${env.IMAGE_UID}`, `the image's user is ${env.IMAGE_UID}`);
check(
  JSON.stringify(config.Entrypoint) === '["/bin/sh","/opt/cartoes/deploy/start.sh"]',
  'start.sh is the entrypoint',
);
check(config.Env.includes(`APP_RUNTIME_DIR=${env.APP_RUNTIME_DIR}`), 'APP_RUNTIME_DIR is set');

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
const allowed = new Set([
  'nginx',
  ...env.IMAGE_TOOLS.split(' '),
  'ld-linux-x86-64.so.2',
  'libc.so.6',
  'start.sh',
]);
for (const program of executables) check(allowed.has(program), `${program} is a program the image needs`);
for (const forbidden of [
  'usr/bin/apt',
  'usr/bin/dpkg',
  'var/lib/dpkg',
  'var/lib/apt',
  'var/cache/apt',
  'usr/bin/gcc',
  'usr/bin/perl',
  'bin/bash',
]) {
  check(!entries.some((entry) => entry.file === forbidden), `no ${forbidden}`);
}
const owned = entries.filter((entry) => entry.owner !== '0:0').map((entry) => entry.file);
check(
  JSON.stringify(owned) === JSON.stringify([env.APP_RUNTIME_DIR.slice(1)]),
  `only ${env.APP_RUNTIME_DIR} is the nginx user's (got ${owned.join(', ')})`,
);
check(
  !entries.some((entry) => entry.file.startsWith(`${env.APP_RUNTIME_DIR.slice(1)}/`)),
  'the runtime directory is empty',
);
const deployFiles = ['start.sh', 'check-json.awk', 'nginx/nginx.conf.template'];
for (const file of deployFiles) {
  check(
    entries.some((entry) => entry.file === `opt/cartoes/deploy/${file}`),
    `deploy/${file} is in the image`,
  );
}
check(
  entries.some((entry) => entry.file === `${env.APP_HTML_DIR.slice(1)}/index.html`),
  'the build is in',
);

const archiveBytes = statSync(path.join(dir, `${env.IMAGE_NAME}.oci.tar`)).size;
const budget = Number(env.IMAGE_BUDGET_BYTES);
check(archiveBytes <= budget, `the archive (${archiveBytes} bytes) is within its budget (${budget})`);

const sbom = JSON.parse(readFileSync(path.join(dir, `${env.IMAGE_NAME}.cdx.json`), 'utf8')) as {
  metadata: { component: { purl: string } };
  components: { purl: string; name: string }[];
};
const debian = sbom.components.filter((component) => component.purl.startsWith('pkg:deb/'));
const npm = sbom.components.filter((component) => component.purl.startsWith('pkg:npm/'));
check(sbom.metadata.component.purl.includes(encodeURIComponent(digest)), 'the SBOM is this image’s');
for (const name of ['nginx', 'libc6', 'libssl3', 'dash', 'ca-certificates']) {
  check(
    debian.some((component) => component.name === name),
    `the SBOM lists Debian's ${name}`,
  );
}
for (const name of ['react', 'react-dom', 'material']) {
  check(
    npm.some((component) => component.name === name),
    `the SBOM lists npm's ${name}`,
  );
}
check(!npm.some((component) => component.name === 'vite'), 'the SBOM lists no dev package (vite)');

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
console.log(`SBOM: ${sbom.components.length} components (${debian.length} Debian, ${npm.length} npm)`);
console.log(`programs: ${executables.join(' ')}`);
if (failures.length > 0) {
  for (const failure of failures) console.error(`verify: FAILED: ${failure}`);
  process.exit(1);
}
console.log('verify: the image is as deploy/image says');
