// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigMap, Service, ServiceAccount } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { readImageEnv, repositoryRoot } from './image-env';
import { cycloneDx, debianPurl, npmPurl, productionPackages } from './sbom';

/**
 * The image's definition as the manifests and the README see it: `kubectl kustomize deploy/kubernetes`
 * renders (kubectl is on these machines), every rendered object is valid against the Kubernetes schemas
 * (kubernetes-models), and the Deployment runs the image by the digest the kustomization and the README
 * name. The built image itself is checked by scripts/image/verify.ts in CI; the bill of materials'
 * rules here.
 */

const env = readImageEnv();
const models = {
  ConfigMap,
  Service,
  ServiceAccount,
  Deployment,
  HorizontalPodAutoscaler,
  NetworkPolicy,
  PodDisruptionBudget,
} as const;

function rendered(): { kind: string; object: unknown }[] {
  const yaml = execFileSync('kubectl', ['kustomize', path.join(repositoryRoot, 'deploy/kubernetes')], {
    encoding: 'utf8',
  });
  return parseAllDocuments(yaml).map((document) => {
    const object = document.toJS() as { kind: string };
    return { kind: object.kind, object };
  });
}

describe('kubectl kustomize deploy/kubernetes', () => {
  const objects = rendered();
  const kustomization = readFileSync(
    path.join(repositoryRoot, 'deploy/kubernetes/kustomization.yaml'),
    'utf8',
  );
  const digest = /^ {4}digest: (sha256:[0-9a-f]{64})$/m.exec(kustomization)?.[1] ?? '';

  it('renders every object, each valid against its Kubernetes schema', () => {
    expect(objects.map(({ kind }) => kind).sort()).toEqual(Object.keys(models).sort());
    for (const { kind, object } of objects) {
      const Model = models[kind as keyof typeof models] as unknown as new (data: unknown) => {
        validate: () => void;
      };
      expect(() => new Model(object).validate(), kind).not.toThrow();
    }
  });

  it('the Deployment runs the built image by its digest, as the README says', () => {
    expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const deployment = objects.find(({ kind }) => kind === 'Deployment')?.object as Deployment;
    const image = deployment.spec?.template.spec?.containers[0]?.image;
    expect(image).toBe(`${env.IMAGE_NAME}:${env.IMAGE_TAG}@${digest}`);
    const readme = readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8');
    expect(readme).toContain(image);
    // The user the Deployment sets is the image's.
    expect(String(deployment.spec?.template.spec?.securityContext?.runAsUser)).toBe(env.IMAGE_UID);
  });
});

describe('the bill of materials', () => {
  const lock = {
    packages: {
      '': { version: '0.1.0' },
      'node_modules/react': { version: '19.3.1', license: 'MIT', integrity: 'sha512-AAEC' },
      'node_modules/@mui/material': { version: '9.5.0', license: 'MIT' },
      'node_modules/vite': { version: '8.3.8', dev: true },
      'node_modules/fsevents': { version: '2.3.3', devOptional: true },
      'node_modules/a/node_modules/react': { version: '19.3.1' },
    },
  };

  it('takes the production packages of the lock, each once, never a dev one', () => {
    expect(productionPackages(lock).map(({ name, entry }) => `${name}@${entry.version}`)).toEqual([
      '@mui/material@9.5.0',
      'react@19.3.1',
    ]);
  });

  it('names packages by purl, the Debian version and the npm scope encoded', () => {
    expect(debianPurl({ name: 'libcap2', version: '1:2.66-4', arch: 'amd64' })).toBe(
      'pkg:deb/debian/libcap2@1%3A2.66-4?arch=amd64&distro=debian-12',
    );
    expect(npmPurl('@mui/material', '9.5.0')).toBe('pkg:npm/%40mui/material@9.5.0');
  });

  it('is a function of its inputs: the same image, the same document', () => {
    const input = {
      name: 'cartoes-backoffice',
      tag: '0.1.0',
      digest: `sha256:${'a'.repeat(64)}`,
      created: '2026-11-29T00:00:00Z',
      debian: [{ name: 'nginx', version: '1.22.1-9+deb12u11', arch: 'amd64' }],
      lock,
    };
    const sbom = cycloneDx(input);
    expect(JSON.stringify(cycloneDx(input))).toBe(JSON.stringify(sbom));
    expect(sbom.serialNumber).toMatch(
      /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(sbom.components.map((component) => component.purl)).toEqual([
      'pkg:deb/debian/nginx@1.22.1-9%2Bdeb12u11?arch=amd64&distro=debian-12',
      'pkg:npm/%40mui/material@9.5.0',
      'pkg:npm/react@19.3.1',
    ]);
    expect(sbom.components[2]?.hashes).toEqual([{ alg: 'SHA-512', content: '000102' }]);
  });
});
