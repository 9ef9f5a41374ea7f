// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigMap, Service, ServiceAccount } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { parseRuntimeConfig } from '../../src/config/load-config';
import { repositoryRoot } from '../image/image-env';
import { checkDeploy, RENDERED_FILES, render } from './render';

/**
 * deploy/kubernetes/ (a kustomize base): every manifest its kustomization lists, parsed as YAML and
 * validated against the Kubernetes API schemas (kubernetes-models, generated from the OpenAPI spec: types,
 * required fields, formats; not unknown field names, so what matters here is also read field by field),
 * and each overlay (overlays/test, overlays/production): its config.json and deploy.json rendered as the
 * deploy step does, into the ConfigMap its configMapGenerator makes, held to the Deployment it mounts in.
 */

const dir = join(repositoryRoot, 'deploy/kubernetes');
const kinds = {
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
    // A tag can be moved: pulled again at each start, unless the overlay pins a digest.
    expect(nginx?.image?.includes('@sha256:') || nginx?.imagePullPolicy === 'Always').toBe(true);
    expect(nginx?.livenessProbe?.httpGet).toMatchObject({ port: 'http' });
    // No variables: every setting is in the rendered files.
    expect(nginx?.env).toBeUndefined();
    expect(nginx?.envFrom).toBeUndefined();
    // The rendered files read-only where the image's nginx reads them; the only writable place /tmp.
    expect(nginx?.volumeMounts).toEqual([
      { name: 'config', mountPath: '/etc/nginx/cartoes', readOnly: true },
      { name: 'tmp', mountPath: '/tmp' },
    ]);
    expect(pod?.volumes).toEqual([
      { name: 'config', configMap: { name: 'cartoes-backoffice-nginx' } },
      { name: 'tmp', emptyDir: { sizeLimit: '16Mi' } },
    ]);
    // The kubelet waits itself: the image has no shell and no sleep.
    expect(nginx?.lifecycle?.preStop).toEqual({ sleep: { seconds: 5 } });
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
});

const overlays = ['test', 'production'] as const;
function overlayFile(overlay: string, file: string): unknown {
  return JSON.parse(readFileSync(join(dir, 'overlays', overlay, file), 'utf8')) as unknown;
}

describe.each(overlays)('deploy/kubernetes/overlays/%s', (overlay) => {
  const config = overlayFile(overlay, 'config.json');
  const deploy = overlayFile(overlay, 'deploy.json');
  const overlayKustomization = parseAllDocuments(
    readFileSync(join(dir, 'overlays', overlay, 'kustomization.yaml'), 'utf8'),
  )[0]?.toJS() as {
    resources: string[];
    configMapGenerator: Array<{ name: string; files: string[] }>;
  };

  it('renders: the app’s schema and the deployment document accept it, as the deploy step does', () => {
    expect(() => parseRuntimeConfig(config)).not.toThrow();
    expect(() => render(config, deploy)).not.toThrow();
  });

  it('its ConfigMap: the base’s name, every rendered file once, each a valid key', () => {
    expect(overlayKustomization.resources).toEqual(['../..']);
    const [generator, ...others] = overlayKustomization.configMapGenerator;
    expect(others).toEqual([]);
    const deployment = only('apps/v1/Deployment');
    const volume = deployment.spec?.template.spec?.volumes?.find((entry) => entry.name === 'config');
    expect(generator?.name).toBe(volume?.configMap?.name);
    expect(generator?.files).toEqual(RENDERED_FILES.map((file) => `rendered/${file}`));
    const configMap = new ConfigMap({
      metadata: { name: generator?.name ?? '' },
      data: render(config, deploy),
    });
    configMap.validate();
    // A ConfigMap holds at most 1 MiB.
    expect(JSON.stringify(configMap.data).length).toBeLessThan(1024 * 1024);
  });

  it('nginx as the Deployment runs it: its ports, its mount, its CPU', () => {
    const parsed = checkDeploy(deploy);
    const nginx = only('apps/v1/Deployment').spec?.template.spec?.containers[0];
    const ports = new Map((nginx?.ports ?? []).map((port) => [port.name, port.containerPort]));
    expect(Number(parsed.listen)).toBe(ports.get('http'));
    expect(Number(parsed.probeListen)).toBe(ports.get('probe'));
    expect(parsed.configDir).toBe(nginx?.volumeMounts?.find((mount) => mount.name === 'config')?.mountPath);
    expect(parsed.stateDir).toBe(nginx?.volumeMounts?.find((mount) => mount.name === 'tmp')?.mountPath);
    // One worker per CPU of the limit (`auto` would count the node's).
    expect(parsed.workers).toBe(Math.ceil(Number(nginx?.resources?.limits?.cpu)));
  });
});

describe('deploy/kubernetes/overlays/production: the gateway', () => {
  const deploy = checkDeploy(overlayFile('production', 'deploy.json'));
  const gateway = deploy.gateway;

  it('proxies both base URLs over https; config.json says /api and /accounts, connect-src this origin and the IdP', () => {
    expect(gateway?.provider).toMatch(/^https:\/\//);
    expect(gateway?.accounts).toMatch(/^https:\/\//);
    const files = render(overlayFile('production', 'config.json'), overlayFile('production', 'deploy.json'));
    expect(parseRuntimeConfig(JSON.parse(files['config.json']))).toMatchObject({
      baseUrl: '/api',
      accountsBaseUrl: '/accounts',
      auth: { type: 'oidc' },
    });
    const csp = /Content-Security-Policy "([^"]*)"/.exec(files['security-headers.conf'])?.[1] ?? '';
    expect(csp).toContain("connect-src 'self' https://login.bank.example;");
    expect(files['gateway-locations.conf']).toContain('location /api/ {');
    expect(files['gateway-rate-limit.conf']).toContain('limit_req zone=cartoes_gateway');
    expect(files['gateway-real-ip.conf']).toContain(`set_real_ip_from ${gateway?.trustedProxies[0]};`);
    expect(files['probe.conf']).toContain('auth_request /__gateway/provider;');
  });

  it('the rate limit is per operator (behind the ingress) and above what one batch sends', () => {
    // The ingress pods' range, one hop: no operator's workstation inside it (a /8 would take in a
    // corporate network's, and such an operator could name any address before their own).
    expect(gateway?.trustedProxies).toHaveLength(1);
    const [, bits] = /^\d+\.\d+\.\d+\.\d+\/(\d+)$/.exec(gateway?.trustedProxies[0] ?? '') ?? [];
    expect(Number(bits)).toBeGreaterThanOrEqual(16);
    expect(gateway?.trustedProxiesRecursive).toBe(false);
    // A batch keeps at most 6 lookups in flight (the config schema's bound on batchConcurrency); at 20 ms
    // a lookup, that is 300 a second.
    const schema = readFileSync(join(repositoryRoot, 'src/config/config-schema.ts'), 'utf8');
    const maxConcurrency = Number(/batchConcurrency: z\._default\(int\(1, (\d+)\)/.exec(schema)?.[1]);
    expect(maxConcurrency).toBe(6);
    const batchPerSecond = maxConcurrency * (1000 / 20);
    expect(gateway?.rateLimit?.perSecond).toBeGreaterThanOrEqual(batchPerSecond);
    expect(gateway?.rateLimit?.burst).toBeGreaterThanOrEqual(batchPerSecond);
  });
});
