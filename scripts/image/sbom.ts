import { createHash } from 'node:crypto';

/**
 * The image's software bill of materials, CycloneDX 1.5 (JSON): the Debian packages with a file in the
 * image, and the npm packages the production build is made from (package-lock.json's entries that are
 * neither dev nor dev-optional: what can reach dist/). A function of its inputs: no clock, no random (the
 * serial number is derived from the image's digest).
 */

export interface DebianPackage {
  name: string;
  version: string;
  arch: string;
}

interface LockEntry {
  version?: string;
  integrity?: string;
  license?: string;
  dev?: boolean;
  devOptional?: boolean;
  link?: boolean;
}

export interface Lock {
  packages: Record<string, LockEntry>;
}

interface Component {
  type: 'library' | 'application';
  'bom-ref': string;
  name: string;
  group?: string;
  version: string;
  purl: string;
  hashes?: { alg: 'SHA-512'; content: string }[];
  licenses?: { expression: string }[];
  properties?: { name: string; value: string }[];
}

/** Debian's package URL (purl spec, type deb); Debian 12 is bookworm. */
export function debianPurl({ name, version, arch }: DebianPackage): string {
  return `pkg:deb/debian/${name}@${encodeURIComponent(version)}?arch=${arch}&distro=debian-12`;
}

/** npm's package URL: the scope's @ is encoded. */
export function npmPurl(name: string, version: string): string {
  return `pkg:npm/${name.replace(/^@/, '%40')}@${encodeURIComponent(version)}`;
}

/** The production packages of a package-lock.json (lockfileVersion 2 or 3), each name@version once. */
export function productionPackages(lock: Lock): { name: string; entry: LockEntry }[] {
  const seen = new Map<string, { name: string; entry: LockEntry }>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (!key.startsWith('node_modules/') && !key.includes('/node_modules/')) continue;
    if (entry.dev || entry.devOptional || entry.link || !entry.version) continue;
    const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const id = `${name}@${entry.version}`;
    if (!seen.has(id)) seen.set(id, { name, entry });
  }
  return [...seen.values()].sort((a, b) =>
    `${a.name}@${a.entry.version}`.localeCompare(`${b.name}@${b.entry.version}`),
  );
}

function npmComponent(name: string, entry: LockEntry): Component {
  const version = entry.version ?? '';
  const purl = npmPurl(name, version);
  const scoped = /^(@[^/]+)\/(.+)$/.exec(name);
  const sha512 = /^sha512-(.+)$/.exec(entry.integrity ?? '')?.[1];
  return {
    type: 'library',
    'bom-ref': purl,
    ...(scoped ? { group: scoped[1], name: scoped[2] ?? '' } : { name }),
    version,
    purl,
    ...(sha512
      ? { hashes: [{ alg: 'SHA-512', content: Buffer.from(sha512, 'base64').toString('hex') }] }
      : {}),
    ...(entry.license ? { licenses: [{ expression: entry.license }] } : {}),
  };
}

function debianComponent(pkg: DebianPackage): Component {
  const purl = debianPurl(pkg);
  return {
    type: pkg.name === 'nginx' || pkg.name === 'dash' ? 'application' : 'library',
    'bom-ref': purl,
    name: pkg.name,
    version: pkg.version,
    purl,
    properties: [{ name: 'cartoes:source', value: 'debian-bookworm' }],
  };
}

/** A UUID (version 5 layout) from a digest: the same image, the same serial number. */
function uuidFrom(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

export function cycloneDx(input: {
  name: string;
  tag: string;
  digest: string;
  created: string;
  debian: DebianPackage[];
  lock: Lock;
}) {
  const imagePurl = `pkg:oci/${input.name}@${encodeURIComponent(input.digest)}?tag=${input.tag}`;
  const components = [
    ...input.debian.map(debianComponent),
    ...productionPackages(input.lock).map(({ name, entry }) => npmComponent(name, entry)),
  ];
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: `urn:uuid:${uuidFrom(input.digest)}`,
    version: 1,
    metadata: {
      timestamp: input.created,
      tools: { components: [{ type: 'application', name: 'npm run image (scripts/image/build.sh)' }] },
      component: {
        type: 'container',
        'bom-ref': imagePurl,
        name: input.name,
        version: input.tag,
        purl: imagePurl,
        hashes: [{ alg: 'SHA-256', content: input.digest.replace(/^sha256:/, '') }],
      },
    },
    components,
    dependencies: [{ ref: imagePurl, dependsOn: components.map((component) => component['bom-ref']) }],
  };
}
