// @vitest-environment node
import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigMap, Service, ServiceAccount } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { parseRuntimeConfig } from '../../src/config/load-config';
import { cleanUp, cspOf, directiveOf, repositoryRoot, runStart, tempDir } from './run-deploy-start';

/**
 * deploy/kubernetes/ (a kustomize base): every manifest its kustomization lists, parsed as YAML and
 * validated against the Kubernetes API schemas (kubernetes-models, generated from the OpenAPI spec: types,
 * required fields, formats; not unknown field names, so what matters here is also read field by field),
 * and the ConfigMap's APP_* variables run through deploy/start.sh's own checks.
 */

afterEach(cleanUp);

const dir = join(repositoryRoot, 'deploy/kubernetes');
const kinds = {
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
} as const;
type KindKey = keyof typeof kinds;

function documents(file: string): unknown[] {
  return parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]?.message}`);
    return document.toJS() as unknown;
  });
}

const kustomization = documents('kustomization.yaml')[0] as { resources: string[] };
const manifests = kustomization.resources.flatMap((file) =>
  documents(file).map((manifest) => {
    const { apiVersion, kind } = manifest as { apiVersion: string; kind: string };
    return { file, key: `${apiVersion}/${kind}`, manifest };
  }),
);

/** The one manifest of a kind, validated against its schema, as kubernetes-models types it. */
function only<K extends KindKey>(key: K): InstanceType<(typeof kinds)[K]> {
  const found = manifests.filter((entry) => entry.key === key);
  expect(found, key).toHaveLength(1);
  const Model = kinds[key] as unknown as new (data: unknown) => InstanceType<(typeof kinds)[K]>;
  const model = new Model(found[0]?.manifest);
  model.validate();
  return model;
}

const appLabels = { 'app.kubernetes.io/name': 'cartoes-backoffice' };

describe('deploy/kubernetes', () => {
  it('lists only kinds it knows, each valid against the Kubernetes schema', () => {
    expect(manifests.map((entry) => entry.key).sort()).toEqual(Object.keys(kinds).sort());
    for (const { key, file, manifest } of manifests) {
      const Model = kinds[key as KindKey] as unknown as new (data: unknown) => { validate: () => void };
      expect(() => new Model(manifest).validate(), file).not.toThrow();
    }
  });

  it('the schema check can fail: a port that is no number is refused', () => {
    const deployment = only('apps/v1/Deployment');
    const port = deployment.spec?.template.spec?.containers[0]?.ports?.[0];
    expect(port?.containerPort).toBe(8080);
    Object.assign(port ?? {}, { containerPort: '8080' });
    expect(() => deployment.validate()).toThrow(/containerPort must be integer/);
  });

  it('the Deployment: 2 or more replicas, non-root, read-only root, no capabilities, seccomp, limits, probes', () => {
    const deployment = only('apps/v1/Deployment');
    const spec = deployment.spec;
    expect(spec?.replicas).toBeGreaterThanOrEqual(2);
    expect(spec?.selector.matchLabels).toEqual(appLabels);
    const pod = spec?.template.spec;
    expect(spec?.template.metadata?.labels).toMatchObject(appLabels);
    expect(pod?.automountServiceAccountToken).toBe(false);
    // Its own ServiceAccount (no permissions, no token), not the namespace's default.
    expect(pod?.serviceAccountName).toBe('cartoes-backoffice');
    const account = only('v1/ServiceAccount');
    expect(account.metadata?.name).toBe('cartoes-backoffice');
    expect(account.automountServiceAccountToken).toBe(false);
    expect(pod?.securityContext).toMatchObject({
      runAsNonRoot: true,
      runAsUser: 101,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(pod?.containers).toHaveLength(1);
    const [nginx] = pod?.containers ?? [];
    expect(nginx?.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      privileged: false,
      capabilities: { drop: ['ALL'] },
    });
    for (const bound of ['requests', 'limits'] as const) {
      expect(Object.keys(nginx?.resources?.[bound] ?? {}).sort(), bound).toEqual(['cpu', 'memory']);
    }
    // APP_LISTEN's default (8080) is the port liveness, the Service and the NetworkPolicy use; the
    // readiness probe has a port of its own (APP_PROBE_LISTEN), which neither of them opens.
    expect(nginx?.ports).toEqual([
      { name: 'http', containerPort: 8080, protocol: 'TCP' },
      { name: 'probe', containerPort: 8081, protocol: 'TCP' },
    ]);
    // Readiness follows the provider (a dead or stale upstream takes the pod out of the Service).
    expect(nginx?.readinessProbe?.httpGet).toMatchObject({ path: '/__gateway/ready', port: 'probe' });
    const service = only('v1/Service');
    expect(service.spec?.ports?.map((port) => port.targetPort)).toEqual(['http']);
    const policy = only('networking.k8s.io/v1/NetworkPolicy');
    expect(policy.spec?.ingress?.flatMap((rule) => rule.ports?.map((port) => port.port))).toEqual([8080]);
    expect(only('v1/ConfigMap').data?.APP_PROBE_LISTEN).toBe('8081');
    // A tag can be moved: pulled again at each start, unless the overlay pins a digest.
    expect(nginx?.image?.includes('@sha256:') || nginx?.imagePullPolicy === 'Always').toBe(true);
    expect(nginx?.livenessProbe?.httpGet).toMatchObject({ port: 'http' });
    expect(nginx?.envFrom).toEqual([{ configMapRef: { name: 'cartoes-backoffice' } }]);
    // The only writable places: the emptyDir in which start.sh makes its runtime directory (the image's
    // APP_RUNTIME_DIR, a directory of its own inside it: an emptyDir is writable by all) and /tmp.
    const mounts = Object.fromEntries(
      (nginx?.volumeMounts ?? []).map((mount) => [mount.name, mount.mountPath]),
    );
    expect(mounts).toEqual({ runtime: '/etc/nginx/cartoes', tmp: '/tmp' });
    for (const volume of pod?.volumes ?? []) expect(volume.emptyDir, volume.name).toBeDefined();
    const image = readFileSync(join(repositoryRoot, 'deploy/image/image.env'), 'utf8');
    expect(image).toMatch(/^APP_RUNTIME_DIR=\/etc\/nginx\/cartoes\/run$/m);
  });

  it('the Service, the autoscaler and the disruption budget reach the Deployment’s pods', () => {
    const service = only('v1/Service');
    expect(service.spec?.selector).toEqual(appLabels);
    expect(service.spec?.sessionAffinity).toBe('None');
    expect(service.spec?.ports).toEqual([{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }]);
    const hpa = only('autoscaling/v2/HorizontalPodAutoscaler');
    expect(hpa.spec?.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: 'cartoes-backoffice',
    });
    expect(hpa.spec?.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec?.maxReplicas).toBeGreaterThan(hpa.spec?.minReplicas ?? 0);
    expect(hpa.spec?.metrics?.[0]?.resource?.name).toBe('cpu');
    const pdb = only('policy/v1/PodDisruptionBudget');
    expect(pdb.spec?.selector?.matchLabels).toEqual(appLabels);
    expect(pdb.spec?.minAvailable).toBe(1);
  });

  it('the NetworkPolicy: in on the app port from the ingress namespace only; out to each upstream on 443 and to DNS only', () => {
    const policy = only('networking.k8s.io/v1/NetworkPolicy');
    expect(policy.spec?.podSelector.matchLabels).toEqual(appLabels);
    expect(policy.spec?.policyTypes).toEqual(['Ingress', 'Egress']);
    // Every ingress rule names where from: a rule without `from` lets any pod of the cluster in, past
    // the ingress's TLS and logs, and able to claim any X-Forwarded-For.
    const ingress = policy.spec?.ingress ?? [];
    expect(ingress).toHaveLength(1);
    expect(ingress[0]?.ports).toEqual([{ port: 8080, protocol: 'TCP' }]);
    const from = ingress[0]?.from ?? [];
    expect(from).toHaveLength(1);
    expect(from[0]?.podSelector).toBeUndefined();
    expect(from[0]?.ipBlock).toBeUndefined();
    // The ingress controller's namespace, by its name label (an overlay sets the name).
    expect(Object.keys(from[0]?.namespaceSelector?.matchLabels ?? {})).toEqual([
      'kubernetes.io/metadata.name',
    ]);
    const [provider, accounts, dns, ...others] = policy.spec?.egress ?? [];
    expect(others).toEqual([]);
    for (const upstream of [provider, accounts]) {
      expect(upstream?.to).toHaveLength(1);
      expect(upstream?.to?.[0]?.ipBlock?.cidr).toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
      expect(upstream?.ports).toEqual([{ port: 443, protocol: 'TCP' }]);
    }
    // One range each: the two base URLs are two hosts, maybe two networks.
    expect(provider?.to?.[0]?.ipBlock?.cidr).not.toBe(accounts?.to?.[0]?.ipBlock?.cidr);
    expect(dns?.to?.[0]?.podSelector?.matchLabels).toEqual({ 'k8s-app': 'kube-dns' });
    // NodeLocal DNSCache answers on a link-local address of the node.
    expect(dns?.to?.[1]?.ipBlock?.cidr).toBe('169.254.20.10/32');
    expect(dns?.ports).toEqual([
      { port: 53, protocol: 'UDP' },
      { port: 53, protocol: 'TCP' },
    ]);
  });

  it('the ConfigMap is gateway mode, and deploy/start.sh accepts its variables', () => {
    const data = only('v1/ConfigMap').data ?? {};
    for (const [name, value] of Object.entries(data)) {
      expect(name).toMatch(/^APP_[A-Z_]+$/);
      expect(typeof value, name).toBe('string');
    }
    expect(data.APP_PROVIDER_UPSTREAM).toMatch(/^https:\/\//);
    expect(data.APP_ACCOUNTS_UPSTREAM).toMatch(/^https:\/\//);
    // Its runtime directory is one start.sh creates inside the emptyDir (Kubernetes makes it 0777).
    expect(data.APP_RUNTIME_DIR).toBe('/etc/nginx/cartoes/run');
    const emptyDir = tempDir('cartoes-emptydir-');
    chmodSync(emptyDir, 0o777);
    const run = runStart({ ...data, APP_RUNTIME_DIR: join(emptyDir, 'run') });
    expect(run.stderr).not.toMatch(/must|required/);
    expect(run.status, run.stderr).toBe(0);
    const config = parseRuntimeConfig(JSON.parse(run.read('config.json')));
    expect(config).toMatchObject({ baseUrl: '/api', accountsBaseUrl: '/accounts' });
    expect(directiveOf(cspOf(run.read('security-headers.conf')), 'connect-src')).toBe("'self'");
    expect(run.read('gateway-locations.conf')).toContain('location /api/ {');
    expect(run.read('gateway-rate-limit.conf')).toContain('limit_req zone=cartoes_gateway');
    expect(run.read('gateway-real-ip.conf')).toContain(`set_real_ip_from ${data.APP_TRUSTED_PROXIES};`);
  });

  it('the rate limit is per operator (behind the ingress) and above what one batch sends', () => {
    const data = only('v1/ConfigMap').data ?? {};
    // The ingress pods' range, one hop: no operator's workstation inside it (a /8 would take in a
    // corporate network's, and such an operator could name any address before their own).
    const [, bits] = /^\d+\.\d+\.\d+\.\d+\/(\d+)$/.exec(data.APP_TRUSTED_PROXIES ?? '') ?? [];
    expect(Number(bits)).toBeGreaterThanOrEqual(16);
    expect(data.APP_TRUSTED_PROXIES_RECURSIVE).toBeUndefined();
    // A batch keeps at most 6 lookups in flight (the config schema's bound on batchConcurrency); at 20 ms
    // a lookup, that is 300 a second.
    const schema = readFileSync(join(repositoryRoot, 'src/config/config-schema.ts'), 'utf8');
    const maxConcurrency = Number(/batchConcurrency: z\._default\(int\(1, (\d+)\)/.exec(schema)?.[1]);
    expect(maxConcurrency).toBe(6);
    const batchPerSecond = maxConcurrency * (1000 / 20);
    expect(Number(data.APP_RATE_LIMIT_PER_SECOND)).toBeGreaterThanOrEqual(batchPerSecond);
    expect(Number(data.APP_RATE_LIMIT_BURST)).toBeGreaterThanOrEqual(batchPerSecond);
  });
});
