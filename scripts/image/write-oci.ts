/**
 * The second half of `npm run image` (scripts/image/build.sh): from the image's one layer, writes the OCI
 * image (config, manifest, index; deploy/image/image.env's settings) as an OCI layout packed in a tar, the
 * digest, and the CycloneDX bill of materials beside it. Everything is a function of its inputs (no
 * clock, no random): the same layer gives the same digest.
 *
 *   tsx scripts/image/write-oci.ts --layer LAYER.tar --layer-gz LAYER.tar.gz --rootfs DIR --npm FILE --out DIR --work DIR
 *
 * --rootfs: the image's file system as packed (its dpkg status stanzas, os-release and debian_version name
 * the Debian part of the bill of materials); --npm: scripts/image/shipped-npm.ts's list.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readImageEnv } from './image-env';
import { cycloneDx, debianPackage, operatingSystem, parseStanza, type Lock } from './sbom';
import type { ShippedPackage } from './shipped-npm';

const { values } = parseArgs({
  options: {
    layer: { type: 'string' },
    'layer-gz': { type: 'string' },
    rootfs: { type: 'string' },
    npm: { type: 'string' },
    out: { type: 'string' },
    work: { type: 'string' },
  },
});
const required = (name: keyof typeof values): string => {
  const value = values[name];
  if (!value) throw new Error(`write-oci: --${name} is required`);
  return value;
};

const env = readImageEnv();
const epoch = Number(process.env.SOURCE_DATE_EPOCH);
if (!Number.isInteger(epoch)) throw new Error('write-oci: SOURCE_DATE_EPOCH is required');
const created = new Date(epoch * 1000).toISOString().replace('.000Z', 'Z');
const out = required('out');
const layout = path.join(required('work'), 'layout');
const blobs = path.join(layout, 'blobs', 'sha256');
mkdirSync(blobs, { recursive: true });

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
/** Writes a blob, returns its descriptor. */
function blob(bytes: Buffer, mediaType: string) {
  const hex = sha256(bytes);
  writeFileSync(path.join(blobs, hex), bytes);
  return { mediaType, digest: `sha256:${hex}`, size: bytes.length };
}
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

const layerGz = readFileSync(required('layer-gz'));
const layer = blob(layerGz, 'application/vnd.oci.image.layer.v1.tar+gzip');
const diffId = `sha256:${sha256(readFileSync(required('layer')))}`;
const ref = `${env.IMAGE_NAME}:${env.IMAGE_TAG}`;
const labels = {
  'org.opencontainers.image.title': env.IMAGE_NAME,
  'org.opencontainers.image.version': env.IMAGE_TAG,
  'org.opencontainers.image.created': created,
  'org.opencontainers.image.description':
    'Cartões back-office: nginx (Debian bookworm) serving the app, its configuration rendered by npm run deploy:render',
};
const config = blob(
  json({
    created,
    architecture: 'amd64',
    os: 'linux',
    config: {
      User: `${env.IMAGE_UID}:${env.IMAGE_UID}`,
      Env: ['PATH=/usr/sbin:/usr/bin:/sbin:/bin'],
      // nginx alone, reading the rendered files where the pod mounts them (daemon off is in nginx.conf).
      Entrypoint: ['/usr/sbin/nginx', '-e', 'stderr', '-c', `${env.IMAGE_CONFIG_DIR}/nginx.conf`],
      Cmd: [],
      ExposedPorts: { [`${env.APP_LISTEN}/tcp`]: {} },
      WorkingDir: '/',
      StopSignal: 'SIGQUIT',
      Labels: labels,
    },
    rootfs: { type: 'layers', diff_ids: [diffId] },
    history: [{ created, created_by: 'npm run image (scripts/image/build.sh)' }],
  }),
  'application/vnd.oci.image.config.v1+json',
);
const manifest = blob(
  json({
    schemaVersion: 2,
    mediaType: 'application/vnd.oci.image.manifest.v1+json',
    config,
    layers: [layer],
    annotations: { 'org.opencontainers.image.created': created },
  }),
  'application/vnd.oci.image.manifest.v1+json',
);
writeFileSync(path.join(layout, 'oci-layout'), JSON.stringify({ imageLayoutVersion: '1.0.0' }));
writeFileSync(
  path.join(layout, 'index.json'),
  JSON.stringify({
    schemaVersion: 2,
    mediaType: 'application/vnd.oci.image.index.v1+json',
    manifests: [
      {
        ...manifest,
        annotations: {
          'io.containerd.image.name': `docker.io/library/${ref}`,
          'org.opencontainers.image.ref.name': env.IMAGE_TAG,
        },
      },
    ],
  }),
);
// What `docker load` reads (as `docker save` writes it beside the OCI layout).
writeFileSync(
  path.join(layout, 'manifest.json'),
  JSON.stringify([
    {
      Config: `blobs/sha256/${config.digest.slice(7)}`,
      RepoTags: [ref],
      Layers: [`blobs/sha256/${layer.digest.slice(7)}`],
    },
  ]),
);

const archive = path.join(out, `${env.IMAGE_NAME}.oci.tar`);
const tar = spawnSync(
  'tar',
  [
    '--create',
    '--directory',
    layout,
    '--sort=name',
    '--format=posix',
    '--numeric-owner',
    '--owner=0',
    '--group=0',
    '--mode=u=rw,go=r',
    `--mtime=@${epoch}`,
    '--pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime',
    '--file',
    `${archive}.tmp`,
    'oci-layout',
    'index.json',
    'manifest.json',
    'blobs',
  ],
  { stdio: 'inherit' },
);
if (tar.status !== 0) throw new Error('write-oci: tar failed');
renameSync(`${archive}.tmp`, archive);
writeFileSync(path.join(out, `${env.IMAGE_NAME}.digest`), `${manifest.digest}\n`);

const rootfs = required('rootfs');
const statusDir = path.join(rootfs, 'var/lib/dpkg/status.d');
const debian = readdirSync(statusDir)
  .filter((file) => !file.endsWith('.md5sums'))
  .map((file) => debianPackage(parseStanza(readFileSync(path.join(statusDir, file), 'utf8'))));
const os = operatingSystem(
  readFileSync(path.join(rootfs, 'etc/os-release'), 'utf8'),
  readFileSync(path.join(rootfs, 'etc/debian_version'), 'utf8'),
);
const npm = JSON.parse(readFileSync(required('npm'), 'utf8')) as ShippedPackage[];
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock;
const sbom = cycloneDx({
  name: env.IMAGE_NAME,
  tag: env.IMAGE_TAG,
  digest: manifest.digest,
  created,
  os,
  debian,
  npm,
  lock,
});
writeFileSync(path.join(out, `${env.IMAGE_NAME}.cdx.json`), `${JSON.stringify(sbom, null, 2)}\n`);
console.error(
  `write-oci: ${ref}@${manifest.digest}, layer ${layer.size} bytes; SBOM: ${sbom.components.length} components`,
);
