import { createHash } from 'node:crypto';
import type { ShippedPackage } from './shipped-npm';

/**
 * The image's software bill of materials, CycloneDX 1.5 (JSON), as a scanner matches it against advisories:
 * - the operating system (Debian, from the image's os-release and debian_version);
 * - each Debian package with a file in the image, from its dpkg status stanza in the image
 *   (var/lib/dpkg/status.d/<package>), with its source package and the source's version: Debian's
 *   advisories name sources (`openssl`, not `libssl3`; `glibc`, not `libc6`), so the purl carries it as
 *   `upstream=` (name, and `@version` when the source's differs from the binary's, as Syft writes it);
 * - each npm package with code in the build (scripts/image/shipped-npm.ts), msw included, no build-only one;
 *   its integrity and licence from package-lock.json.
 * A function of its inputs: no clock, no random (the serial number is derived from the image's digest).
 */

/** One dpkg status stanza's fields (`Field: value` lines; continuation lines are left out). */
export type Stanza = Record<string, string>;

export function parseStanza(text: string): Stanza {
  const fields: Stanza = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z][A-Za-z0-9-]*):\s*(.*)$/.exec(line);
    if (match?.[1]) fields[match[1]] = match[2] ?? '';
  }
  return fields;
}

export interface DebianPackage {
  name: string;
  version: string;
  arch: string;
  /** The source package and its version (dpkg's `Source: name (version)`, or the binary's own). */
  source: string;
  sourceVersion: string;
}

/** A status stanza as a package: `Source` absent means the binary's own name and version. */
export function debianPackage(stanza: Stanza): DebianPackage {
  const { Package: name = '', Version: version = '', Architecture: arch = '' } = stanza;
  const source = /^(\S+)(?:\s+\((\S+)\))?$/.exec(stanza.Source ?? '');
  return {
    name,
    version,
    arch,
    source: source?.[1] ?? name,
    sourceVersion: source?.[2] ?? version,
  };
}

export interface OperatingSystem {
  /** os-release's ID, VERSION_ID, VERSION_CODENAME, PRETTY_NAME; debian_version's point release. */
  id: string;
  versionId: string;
  codename: string;
  prettyName: string;
  pointRelease: string;
}

/** os-release (`KEY=value`, maybe quoted) and debian_version as the operating system. */
export function operatingSystem(osRelease: string, debianVersion: string): OperatingSystem {
  const values = Object.fromEntries(
    osRelease
      .split('\n')
      .map((line) => /^([A-Z_]+)=(.*)$/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => [match[1], (match[2] ?? '').replace(/^"(.*)"$/, '$1')]),
  ) as Record<string, string | undefined>;
  return {
    id: values.ID ?? '',
    versionId: values.VERSION_ID ?? '',
    codename: values.VERSION_CODENAME ?? '',
    prettyName: values.PRETTY_NAME ?? '',
    pointRelease: debianVersion.trim(),
  };
}

interface LockEntry {
  version?: string;
  integrity?: string;
  license?: string;
}

export interface Lock {
  packages: Record<string, LockEntry>;
}

interface Component {
  type: 'library' | 'application' | 'operating-system';
  'bom-ref': string;
  name: string;
  group?: string;
  version: string;
  description?: string;
  purl?: string;
  hashes?: { alg: 'SHA-512'; content: string }[];
  licenses?: { expression: string }[];
  properties?: { name: string; value: string }[];
}

/** Debian's package URL (purl spec, type deb), qualifiers in key order. */
export function debianPurl(pkg: DebianPackage, os: Pick<OperatingSystem, 'id' | 'versionId'>): string {
  const upstream = pkg.sourceVersion === pkg.version ? pkg.source : `${pkg.source}@${pkg.sourceVersion}`;
  return (
    `pkg:deb/${os.id}/${pkg.name}@${encodeURIComponent(pkg.version)}` +
    `?arch=${pkg.arch}&distro=${os.id}-${os.versionId}&upstream=${encodeURIComponent(upstream)}`
  );
}

/** npm's package URL: the scope's @ is encoded. */
export function npmPurl(name: string, version: string): string {
  return `pkg:npm/${name.replace(/^@/, '%40')}@${encodeURIComponent(version)}`;
}

function npmComponent(pkg: ShippedPackage, lock: Lock): Component {
  const entry = lock.packages[pkg.path] ?? {};
  const purl = npmPurl(pkg.name, pkg.version);
  const scoped = /^(@[^/]+)\/(.+)$/.exec(pkg.name);
  const sha512 = /^sha512-(.+)$/.exec(entry.integrity ?? '')?.[1];
  return {
    type: 'library',
    'bom-ref': purl,
    ...(scoped ? { group: scoped[1], name: scoped[2] ?? '' } : { name: pkg.name }),
    version: pkg.version,
    purl,
    ...(sha512
      ? { hashes: [{ alg: 'SHA-512', content: Buffer.from(sha512, 'base64').toString('hex') }] }
      : {}),
    ...(entry.license ? { licenses: [{ expression: entry.license }] } : {}),
  };
}

function debianComponent(pkg: DebianPackage, os: OperatingSystem): Component {
  const purl = debianPurl(pkg, os);
  return {
    type: pkg.name === 'nginx' ? 'application' : 'library',
    'bom-ref': purl,
    name: pkg.name,
    version: pkg.version,
    purl,
    properties: [
      { name: 'cartoes:debian:source', value: pkg.source },
      { name: 'cartoes:debian:source-version', value: pkg.sourceVersion },
    ],
  };
}

function osComponent(os: OperatingSystem): Component {
  return {
    type: 'operating-system',
    'bom-ref': `os:${os.id}@${os.versionId}`,
    name: os.id,
    version: os.versionId,
    description: os.prettyName,
    properties: [
      { name: 'cartoes:os:codename', value: os.codename },
      { name: 'cartoes:os:point-release', value: os.pointRelease },
    ],
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
  os: OperatingSystem;
  debian: DebianPackage[];
  npm: ShippedPackage[];
  lock: Lock;
}) {
  const imagePurl = `pkg:oci/${input.name}@${encodeURIComponent(input.digest)}?tag=${input.tag}`;
  const byName = <T extends { name: string }>(items: T[]) =>
    [...items].sort((a, b) => a.name.localeCompare(b.name));
  const os = osComponent(input.os);
  const components = [
    os,
    ...byName(input.debian).map((pkg) => debianComponent(pkg, input.os)),
    ...input.npm.map((pkg) => npmComponent(pkg, input.lock)),
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
