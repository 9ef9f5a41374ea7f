// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Service, ServiceAccount } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { readImageEnv, repositoryRoot } from './image-env';
import { cycloneDx, debianPackage, debianPurl, npmPurl, operatingSystem, parseStanza } from './sbom';
import { packageOf } from './shipped-npm';

/**
 * The image's definition as the manifests and the README see it: deploy/kubernetes rendered as
 * `kubectl kustomize` renders it (below; no kubectl needed), every rendered object valid against the
 * Kubernetes schemas (kubernetes-models), and the Deployment running the image by the digest the
 * kustomization and the README name. The built image itself is checked by scripts/image/verify.ts in CI;
 * the bill of materials' rules here.
 */

const env = readImageEnv();
const models = {
  // The ConfigMap of nginx's rendered files is an overlay's (overlays/*/kustomization.yaml).
  Service,
  ServiceAccount,
  Deployment,
  HorizontalPodAutoscaler,
  NetworkPolicy,
  PodDisruptionBudget,
} as const;

interface Kustomization {
  labels?: { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }[];
  resources: string[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  [field: string]: unknown;
}

interface Container {
  image?: string;
}

interface RenderedObject {
  kind: string;
  metadata?: { labels?: Record<string, string> };
  spec?: { template?: { spec?: { containers?: Container[]; initContainers?: Container[] } } };
}

/**
 * What kustomize (v5) makes of the base, for the fields it uses: its resources in order, `labels` on each
 * object's metadata (neither selectors nor templates: the base says `includeSelectors: false`), and
 * `images` by name in the pod templates' containers (`name:tag@digest`). A field of the kustomization
 * outside these fails here, rather than render otherwise than kustomize would.
 */
function renderBase(dir: string): RenderedObject[] {
  const kustomization = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  const rendered = new Set(['apiVersion', 'kind', 'labels', 'resources', 'images']);
  const unknown = Object.keys(kustomization).filter((field) => !rendered.has(field));
  if (unknown.length > 0) throw new Error(`kustomization.yaml: ${unknown.join(', ')} not rendered here`);
  for (const label of kustomization.labels ?? [])
    if (label.includeSelectors || label.includeTemplates)
      throw new Error('kustomization.yaml: labels on selectors or templates are not rendered here');
  const objects = kustomization.resources.flatMap((file) =>
    parseAllDocuments(readFileSync(path.join(dir, file), 'utf8')).map(
      (document) => document.toJS() as RenderedObject,
    ),
  );
  for (const object of objects) {
    for (const { pairs } of kustomization.labels ?? [])
      object.metadata = { ...object.metadata, labels: { ...object.metadata?.labels, ...pairs } };
    const pod = object.spec?.template?.spec;
    for (const container of [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])]) {
      const [name = ''] = (container.image ?? '').split(/[:@]/);
      const image = kustomization.images?.find((entry) => entry.name === name);
      if (!image) continue;
      const tag = image.newTag ? `:${image.newTag}` : '';
      container.image = `${image.newName ?? name}${tag}${image.digest ? `@${image.digest}` : ''}`;
    }
  }
  return objects;
}

describe('deploy/kubernetes, rendered as kustomize renders it', () => {
  const objects = renderBase(path.join(repositoryRoot, 'deploy/kubernetes'));
  const kustomization = readFileSync(
    path.join(repositoryRoot, 'deploy/kubernetes/kustomization.yaml'),
    'utf8',
  );
  const digest = /^ {4}digest: (sha256:[0-9a-f]{64})$/m.exec(kustomization)?.[1] ?? '';

  it('renders every object, each valid against its Kubernetes schema, each labelled', () => {
    expect(objects.map(({ kind }) => kind).sort()).toEqual(Object.keys(models).sort());
    for (const object of objects) {
      const Model = models[object.kind as keyof typeof models] as unknown as new (data: unknown) => {
        validate: () => void;
      };
      expect(() => new Model(object).validate(), object.kind).not.toThrow();
      expect(object.metadata?.labels?.['app.kubernetes.io/part-of'], object.kind).toBe('cartoes-backoffice');
    }
  });

  it('the Deployment runs the built image by its digest, as the README says', () => {
    expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const deployment = objects.find(({ kind }) => kind === 'Deployment') as Deployment | undefined;
    const image = deployment?.spec?.template.spec?.containers[0]?.image;
    expect(image).toBe(`${env.IMAGE_NAME}:${env.IMAGE_TAG}@${digest}`);
    const readme = readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8');
    expect(readme).toContain(image);
    // The user the Deployment sets is the image's.
    expect(String(deployment?.spec?.template.spec?.securityContext?.runAsUser)).toBe(env.IMAGE_UID);
  });

  it('refuses a kustomization field it does not render', () => {
    expect(() => renderBase(path.join(repositoryRoot, 'scripts/image/testdata/kustomize-patches'))).toThrow(
      'kustomization.yaml: patches not rendered here',
    );
  });
});

describe('the bill of materials', () => {
  const lock = {
    packages: {
      '': { version: '0.1.0' },
      'node_modules/react': { version: '19.3.1', license: 'MIT', integrity: 'sha512-AAEC' },
      'node_modules/@mui/material': { version: '9.5.0', license: 'MIT' },
    },
  };
  const os = operatingSystem(
    'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nVERSION_ID="12"\nVERSION_CODENAME=bookworm\nID=debian\n',
    '12.12\n',
  );

  it('reads a dpkg status stanza: the source and its version, the binary’s own when not said', () => {
    const stanza = (fields: string) => debianPackage(parseStanza(fields));
    expect(
      stanza(
        'Package: libssl3\nStatus: install ok installed\nSource: openssl\nVersion: 3.0.22-1~deb12u2\nArchitecture: amd64\nDescription: x\n more\n',
      ),
    ).toEqual({
      name: 'libssl3',
      version: '3.0.22-1~deb12u2',
      arch: 'amd64',
      source: 'openssl',
      sourceVersion: '3.0.22-1~deb12u2',
    });
    expect(
      stanza(
        'Package: libcap2\nSource: libcap2 (1:2.66-4+deb12u3)\nVersion: 1:2.66-4+deb12u3+b1\nArchitecture: amd64\n',
      ),
    ).toMatchObject({
      source: 'libcap2',
      sourceVersion: '1:2.66-4+deb12u3',
    });
    expect(stanza('Package: nginx\nVersion: 1.22.1-9+deb12u11\nArchitecture: amd64\n')).toMatchObject({
      source: 'nginx',
      sourceVersion: '1.22.1-9+deb12u11',
    });
  });

  it('names packages by purl: Debian’s with the release and the source (upstream=), npm’s scope encoded', () => {
    const libssl3 = {
      name: 'libssl3',
      version: '3.0.22-1~deb12u2',
      arch: 'amd64',
      source: 'openssl',
      sourceVersion: '3.0.22-1~deb12u2',
    };
    expect(debianPurl(libssl3, os)).toBe(
      'pkg:deb/debian/libssl3@3.0.22-1~deb12u2?arch=amd64&distro=debian-12&upstream=openssl',
    );
    const libcap2 = {
      name: 'libcap2',
      version: '1:2.66-4+b1',
      arch: 'amd64',
      source: 'libcap2',
      sourceVersion: '1:2.66-4',
    };
    expect(debianPurl(libcap2, os)).toBe(
      'pkg:deb/debian/libcap2@1%3A2.66-4%2Bb1?arch=amd64&distro=debian-12&upstream=libcap2%401%3A2.66-4',
    );
    expect(npmPurl('@mui/material', '9.5.0')).toBe('pkg:npm/%40mui/material@9.5.0');
  });

  it('takes a module’s package from its innermost node_modules directory', () => {
    expect(packageOf('/r/node_modules/react/index.js')).toBe('/r/node_modules/react');
    expect(packageOf('/r/node_modules/@mui/material/esm/Chip.js?commonjs')).toBe(
      '/r/node_modules/@mui/material',
    );
    expect(packageOf('\0/r/node_modules/a/node_modules/@open-draft/logger/x.mjs')).toBe(
      '/r/node_modules/a/node_modules/@open-draft/logger',
    );
    expect(packageOf('/r/src/main.tsx')).toBeUndefined();
    expect(packageOf('\0vite/preload-helper.js')).toBeUndefined();
  });

  it('is a function of its inputs: the operating system, the Debian and the shipped npm packages', () => {
    const input = {
      name: 'cartoes-backoffice',
      tag: '0.1.0',
      digest: `sha256:${'a'.repeat(64)}`,
      created: '2026-11-29T00:00:00Z',
      os,
      debian: [
        {
          name: 'nginx',
          version: '1.22.1-9+deb12u11',
          arch: 'amd64',
          source: 'nginx',
          sourceVersion: '1.22.1-9+deb12u11',
        },
      ],
      npm: [
        { name: '@mui/material', version: '9.5.0', path: 'node_modules/@mui/material' },
        { name: 'react', version: '19.3.1', path: 'node_modules/react' },
      ],
      lock,
    };
    const sbom = cycloneDx(input);
    expect(JSON.stringify(cycloneDx(input))).toBe(JSON.stringify(sbom));
    expect(sbom.serialNumber).toMatch(
      /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(sbom.components[0]).toMatchObject({
      type: 'operating-system',
      name: 'debian',
      version: '12',
      description: 'Debian GNU/Linux 12 (bookworm)',
    });
    expect(sbom.components.slice(1).map((component) => component.purl)).toEqual([
      'pkg:deb/debian/nginx@1.22.1-9%2Bdeb12u11?arch=amd64&distro=debian-12&upstream=nginx',
      'pkg:npm/%40mui/material@9.5.0',
      'pkg:npm/react@19.3.1',
    ]);
    expect(sbom.components[3]?.hashes).toEqual([{ alg: 'SHA-512', content: '000102' }]);
    expect(sbom.components[3]?.licenses).toEqual([{ expression: 'MIT' }]);
  });
});
