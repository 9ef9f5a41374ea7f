import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { ptBR } from '../../src/app/i18n/pt-br';
import type { RuntimeConfig } from '../../src/config/config-schema';
import { ConfigError, parseRuntimeConfig } from '../../src/config/parse-config';
import { isLoopbackHost, urlRuleViolation } from '../../src/lib/url-rules';
import { apiOrigins, contentSecurityPolicy, securityHeaders } from '../build/security-headers';

/**
 * A deployment's nginx, rendered: from the app's configuration (config.json, checked by the app's own
 * schema, src/config/config-schema.ts) and a small deployment document (what only nginx needs: where it
 * listens, its logs, HSTS, the CSP's report address, the gateway), every file nginx reads. A pure function
 * of its two inputs (and of the templates in deploy/nginx/, read once); nothing of it runs in the pod.
 * `npm run deploy:render -- --config config.json --deploy deploy.json --out DIR` writes them
 * (scripts/deploy/render-cli.ts); `npm run serve:nginx` and the nginx suite call it in-process.
 *
 * A value that is refused is named by its key, with the app's own words for config.json (the full-page
 * error's "Chave com problema" and the schema's message). What reaches nginx's text is checked again
 * whole, character by character, before it is written (`nginxSafe`): a fault of this file cannot make
 * a value nginx syntax either.
 */

const templateDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../deploy/nginx');

/** A path of the machine nginx runs on: as a file name, nothing nginx's parser reads as syntax. */
const machinePath = z
  .string()
  .regex(/^(\/[A-Za-z0-9._+@-]+)+$/, 'must be an absolute path of letters, digits and - . _ + @')
  .refine((value) => !/\/\.\.?(\/|$)/.test(value), 'must not hold . or .. as a directory');

/** nginx `listen`: a port, IPv4:port or [IPv6]:port. */
const listenSchema = z
  .string()
  .regex(
    /^((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}:|\[[0-9A-Fa-f:.]{2,45}\]:)?[1-9][0-9]{0,4}$/,
    'must be a port, IPv4:port or [IPv6]:port',
  )
  .refine((value) => portOf(value) <= 65_535, 'must be a port, IPv4:port or [IPv6]:port (1-65535)');

function portOf(listen: string): number {
  return Number(listen.slice(listen.lastIndexOf(':') + 1));
}

/** An IPv4 address or CIDR (10.244.0.0/16). */
const cidrSchema = z
  .string()
  .regex(
    /^(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}(\/(3[0-2]|[12]?[0-9]))?$/,
    'must be an IPv4 address or CIDR (10.244.0.0/16)',
  );

/** What a URL that reaches nginx's text may hold: no quote, backslash, space, `$`, `;`, `,`, `{` or `}`. */
const URL_TEXT = /^[A-Za-z0-9._~/%:@+=-]+$/;

/** An upstream: https://host[:port][/path] (http only on loopback, for local tests), no query. */
const upstreamSchema = z
  .string()
  .refine(
    (value) => URL_TEXT.test(value),
    'must be https://host[:port]/path with no query (no quote, space, $, ; or ,)',
  )
  .refine(
    (value) => urlRuleViolation(value, { allowPath: false, allowHttp: false }) === null,
    'must be https (plain http only on 127.0.0.1, localhost or [::1])',
  )
  .refine((value) => !value.endsWith('/'), 'must not end with "/"')
  .refine(
    (value) => !URL.canParse(value) || new URL(value).port !== '0',
    'must have a port between 1 and 65535',
  );

const integer = (min: number, max: number) => z.int().min(min).max(max);

const gatewaySchema = z.strictObject({
  /** The provider's {base_url}, served at /api/ on the app's origin. */
  provider: upstreamSchema,
  /** Its {accounts_base_url}, served at /accounts/. */
  accounts: upstreamSchema,
  /** The CA bundle that verifies the provider's certificate. */
  caFile: machinePath.default('/etc/ssl/certs/ca-certificates.crt'),
  /** Where nginx's njs module is (the answer filter runs on it). */
  modulesDir: machinePath.default('/usr/lib/nginx/modules'),
  /** Requests a second per client address, past its burst a 429. Absent: no rate limit. */
  rateLimit: z.optional(
    z.strictObject({ perSecond: integer(1, 100_000), burst: z.optional(integer(1, 100_000)) }),
  ),
  /** Requests in flight per client address. */
  connectionsPerClient: integer(1, 100_000).default(32),
  /** The proxies in front whose X-Forwarded-For is believed: one hop, from the right. */
  trustedProxies: z.array(cidrSchema).default([]),
  /** Every trusted hop skipped (only where no operator is inside a trusted range). */
  trustedProxiesRecursive: z.boolean().default(false),
});

export const deploySchema = z
  .strictObject({
    /** Where the app's server listens. */
    listen: listenSchema.default('8080'),
    /**
     * The readiness probe's own listener, another port than `listen`'s: in gateway mode ready while the
     * provider answers, otherwise while nginx serves.
     */
    probeListen: z.optional(listenSchema),
    /** nginx's worker processes: one per CPU of the pod's limit. */
    workers: z.union([integer(1, 64), z.literal('auto')]).default(1),
    /** Where the build is (the image's). */
    htmlDir: machinePath.default('/usr/share/nginx/html'),
    /** Where the rendered files are read from (the pod's read-only ConfigMap mount). */
    configDir: machinePath.default('/etc/nginx/cartoes'),
    /** Where nginx writes: its pid, temporary files and the gateway's socket (an emptyDir). */
    stateDir: machinePath.default('/tmp'),
    mimeTypes: machinePath.default('/etc/nginx/mime.types'),
    accessLog: machinePath.default('/dev/stdout'),
    /** `stderr` (nginx's own word) or a file. */
    errorLog: z.union([z.literal('stderr'), machinePath]).default('stderr'),
    /** Strict-Transport-Security: only where TLS ends at this nginx, or the proxy in front passes it on. */
    hsts: z.boolean().default(false),
    /** Where browsers send CSP violation reports. */
    cspReportUrl: z.optional(
      z
        .string()
        .refine(
          (value) => /^[A-Za-z0-9._~/%:@+=?&-]+$/.test(value),
          'must be an absolute URL with no quote, space, $, ; or ,',
        ),
    ),
    /** Further origins for connect-src: scheme://host[:port]. */
    connectSrcExtra: z
      .array(
        z
          .string()
          .regex(
            /^https?:\/\/([A-Za-z0-9-]+\.)*[A-Za-z0-9-]+(:[0-9]{1,5})?$/,
            'must be an origin, scheme://host[:port]',
          ),
      )
      .default([]),
    gateway: z.optional(gatewaySchema),
  })
  .superRefine((deploy, context) => {
    if (deploy.probeListen !== undefined && portOf(deploy.probeListen) === portOf(deploy.listen))
      context.addIssue({
        code: 'custom',
        path: ['probeListen'],
        message: "must be another port than listen's, which the Service exposes",
      });
    const gateway = deploy.gateway;
    if (!gateway) return;
    if (gateway.trustedProxiesRecursive && gateway.trustedProxies.length === 0)
      context.addIssue({
        code: 'custom',
        path: ['gateway', 'trustedProxiesRecursive'],
        message: 'needs gateway.trustedProxies',
      });
    for (const key of ['provider', 'accounts'] as const) {
      // Refinements run after a field's own failure too: a URL its schema refused says nothing more.
      if (!URL.canParse(gateway[key])) continue;
      const url = new URL(gateway[key]);
      if (
        isLoopbackHost(url.hostname) &&
        Number(url.port || (url.protocol === 'https:' ? 443 : 80)) === portOf(deploy.listen)
      )
        context.addIssue({
          code: 'custom',
          path: ['gateway', key],
          message: 'must not be this nginx itself (listen)',
        });
    }
    // The provider side listens on a socket in stateDir: a path of at most 107 bytes.
    if (deploy.stateDir.length > 90)
      context.addIssue({
        code: 'custom',
        path: ['stateDir'],
        message: 'must be at most 90 bytes long in gateway mode (the gateway’s socket is in it)',
      });
  });

export type DeployDocument = z.input<typeof deploySchema>;
export type Deploy = z.output<typeof deploySchema>;

/** A refusal: which document, which key, why. Its message is what the render step prints. */
export class RenderError extends Error {
  constructor(
    readonly document: 'config.json' | 'deploy',
    readonly key: string | null,
    readonly reason: string,
  ) {
    const where =
      document === 'config.json'
        ? `config.json: ${ptBR.errors.configTitle}: ${key ? ptBR.errors.configKey.replace('{{key}}', key) : ptBR.errors.configNoKey}`
        : `deploy: ${key ? `key ${key}` : 'the whole document'}`;
    super(`${where}. ${ptBR.errors.configDetail.replace('{{detail}}', reason)}`);
    this.name = 'RenderError';
  }
}

/** The most configuration a start downloads (every start reads it whole). */
export const CONFIG_MAX_BYTES = 65_536;

/** The files nginx reads, by name; the same names whatever the configuration (a ConfigMap's keys). */
export const RENDERED_FILES = [
  'nginx.conf',
  'config.json',
  'security-headers.conf',
  'gateway-security-headers.conf',
  'csp-report.conf',
  'sandbox-worker.conf',
  'probe.conf',
  'gateway-modules.conf',
  'gateway-http.conf',
  'gateway-locations.conf',
  'gateway-proxy.conf',
  'gateway-answer.conf',
  'gateway-upstream.conf',
  'gateway-upstream-proxy.conf',
  'gateway-real-ip.conf',
  'gateway-rate-limit-zone.conf',
  'gateway-rate-limit.conf',
  'gateway-answer.njs',
] as const;
export type RenderedFile = (typeof RENDERED_FILES)[number];

/** The app's configuration as config.json holds it, checked by the app's own schema. */
export function checkConfig(raw: unknown): RuntimeConfig {
  try {
    return parseRuntimeConfig(raw);
  } catch (error) {
    if (error instanceof ConfigError) throw new RenderError('config.json', error.key, error.message);
    throw error;
  }
}

export function checkDeploy(raw: unknown): Deploy {
  const result = deploySchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const key = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : null;
  throw new RenderError('deploy', key, issue?.message ?? 'invalid document');
}

/** What may stand in a double-quoted nginx string: no quote, backslash, `$` or control character. */
const QUOTED = /^[^"\\$\p{Cc}]*$/u;
/** What may stand as a bare nginx word (a path, a host, a port). */
const WORD = /^[A-Za-z0-9._~/%:@+=[\]-]*$/;

/** A value put into nginx's text: refused unless it holds nothing nginx reads as syntax there. */
function nginxSafe(value: string, what: string, allowed: RegExp = WORD): string {
  if (!allowed.test(value))
    throw new Error(`the renderer would write ${what} into nginx's text as it is: ${JSON.stringify(value)}`);
  return value;
}

/**
 * connect-src: the origins of the configuration's absolute URLs as the app's schema checked them (each
 * host of letters, digits, `.` and `-`: src/lib/url-rules.ts), never of config.json's text, where a key
 * the schema does not read could hide one; and the deployment's further origins.
 */
function connectOrigins(config: RuntimeConfig, deploy: Deploy): string[] {
  return [...new Set([...apiOrigins(JSON.stringify(config)), ...deploy.connectSrcExtra])];
}

type Upstream = Record<'SCHEME' | 'HOST' | 'AUTHORITY' | 'SERVER' | 'PATH', string>;

function upstreamOf(value: string): Upstream {
  const url = new URL(value);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const path = url.pathname === '/' ? '' : url.pathname;
  return {
    SCHEME: url.protocol.slice(0, -1),
    HOST: url.hostname,
    AUTHORITY: url.host,
    SERVER: `${url.hostname}:${port}`,
    PATH: path,
  };
}

const templates = new Map<string, string>();
function template(name: string): string {
  let text = templates.get(name);
  if (text === undefined) {
    text = readFileSync(path.join(templateDir, name), 'utf8');
    templates.set(name, text);
  }
  return text;
}

/** A template with its ${NAME} placeholders filled in, literally; one it cannot fill is a fault here. */
function fill(name: string, values: Record<string, string>): string {
  return template(name).replace(/\$\{([A-Z][A-Z_]*)\}/g, (whole, key: string) => {
    const value = values[key];
    if (value === undefined)
      throw new Error(`deploy/nginx/${name} has a placeholder the renderer does not fill: ${whole}`);
    return value;
  });
}

const off = (why: string) => `# Rendered by scripts/deploy/render.ts: ${why}\n`;

/**
 * Every file nginx reads for this deployment, by name. `rawConfig` is config.json as parsed JSON (what
 * the browser gets, as it is); `rawDeploy` the deployment document.
 */
export function render(rawConfig: unknown, rawDeploy: unknown): Record<RenderedFile, string> {
  const config = checkConfig(rawConfig);
  const deploy = checkDeploy(rawDeploy);
  const gateway = deploy.gateway;
  const configText = `${JSON.stringify(rawConfig, null, 2)}\n`;
  if (Buffer.byteLength(configText) > CONFIG_MAX_BYTES)
    throw new RenderError(
      'config.json',
      null,
      `must be at most ${CONFIG_MAX_BYTES} bytes (every start downloads it)`,
    );
  if (gateway) {
    // In gateway mode the app calls this origin's /api and /accounts, which nginx proxies.
    if (config.baseUrl !== '/api')
      throw new RenderError('config.json', 'baseUrl', 'must be "/api" in gateway mode');
    if (config.accountsBaseUrl !== '/accounts')
      throw new RenderError('config.json', 'accountsBaseUrl', 'must be "/accounts" in gateway mode');
  }
  if (deploy.cspReportUrl !== undefined) {
    const violation = urlRuleViolation(deploy.cspReportUrl, {
      allowPath: false,
      allowHttp: config.mode === 'sandbox',
    });
    if (violation) throw new RenderError('deploy', 'cspReportUrl', violation);
  }
  for (const [index, origin] of deploy.connectSrcExtra.entries()) {
    const violation = urlRuleViolation(origin, { allowPath: false, allowHttp: config.mode === 'sandbox' });
    if (violation) throw new RenderError('deploy', `connectSrcExtra.${index}`, violation);
  }

  // Nothing is framed: the app renews tokens with the refresh token and re-authenticates in a pop-up,
  // never in an iframe (docs/decisions/008-oidc-sign-in.md).
  const csp = `${contentSecurityPolicy(connectOrigins(config, deploy))}; frame-src 'none'`;
  const headers = { ...securityHeaders([]), 'Content-Security-Policy': nginxSafe(csp, 'the CSP', QUOTED) };
  const hsts = 'add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;';
  const securityHeadersConf = [
    '# Rendered by scripts/deploy/render.ts. Included by the server and every location.',
    ...Object.entries(headers).map(([name, value]) =>
      name === 'Content-Security-Policy' && deploy.cspReportUrl
        ? `add_header ${name} "${value}$cartoes_csp_report" always;`
        : `add_header ${name} "${nginxSafe(value, name, QUOTED)}" always;`,
    ),
    ...(deploy.cspReportUrl ? ['add_header Reporting-Endpoints $cartoes_reporting_endpoints always;'] : []),
    ...(deploy.hsts ? [hsts] : []),
  ].join('\n');

  // The answers at /api/ and /accounts/ are never a page: a policy of their own (nothing runs or loads,
  // a document made of one is sandboxed; the pages' script-src 'self' would cover /api/).
  const gatewayHeaders = gateway
    ? [
        '# Rendered by scripts/deploy/render.ts. Included by the gateway locations and the probe.',
        `add_header Content-Security-Policy "default-src 'none'; frame-ancestors 'none'; sandbox" always;`,
        'add_header Cross-Origin-Resource-Policy "same-origin" always;',
        ...Object.entries(securityHeaders([]))
          .filter(([name]) => name !== 'Content-Security-Policy')
          .map(([name, value]) => `add_header ${name} "${value}" always;`),
        ...(deploy.hsts ? [hsts] : []),
      ].join('\n')
    : off('not gateway mode.').trimEnd();

  // report-to for current browsers (with Reporting-Endpoints), report-uri for the others; both only for
  // an address without a query: a report holds the page's address, and the identity provider's return
  // carries its code and state. $request_uri: $args is emptied by try_files' fallback.
  const report =
    deploy.cspReportUrl === undefined
      ? undefined
      : nginxSafe(deploy.cspReportUrl, 'cspReportUrl', /^[A-Za-z0-9._~/%:@+=?&-]+$/);
  const cspReport = report
    ? [
        '# Rendered by scripts/deploy/render.ts: the CSP report directives, by whether the address has a query.',
        `map $request_uri $cartoes_csp_report {\n  "~[?]" "";\n  default "; report-uri ${report}; report-to csp";\n}`,
        `map $request_uri $cartoes_reporting_endpoints {\n  "~[?]" "";\n  default 'csp="${report}"';\n}`,
      ].join('\n')
    : off('no CSP report address (cspReportUrl).').trimEnd();

  // The mock Service Worker (MSW) is the sandbox running in the browser: served only there.
  const sandboxWorker =
    config.mode === 'sandbox' && config.sandboxWorker
      ? `${off('sandbox mode with the worker: the sandbox runs in the browser and needs it.')}try_files $uri =404;\n`
      : `${off('not sandbox mode with the worker: the file is a build leftover here.')}return 404;\n`;

  for (const key of [
    'listen',
    'htmlDir',
    'configDir',
    'stateDir',
    'mimeTypes',
    'accessLog',
    'errorLog',
  ] as const)
    nginxSafe(deploy[key], key);
  const values: Record<string, string> = {
    LISTEN: deploy.listen,
    WORKER_PROCESSES: String(deploy.workers),
    HTML_DIR: deploy.htmlDir,
    CONFIG_DIR: deploy.configDir,
    STATE_DIR: deploy.stateDir,
    MIME_TYPES: deploy.mimeTypes,
    ACCESS_LOG: deploy.accessLog,
    ERROR_LOG: deploy.errorLog,
  };
  const files: Partial<Record<RenderedFile, string>> = {
    'config.json': configText,
    'security-headers.conf': `${securityHeadersConf}\n`,
    'gateway-security-headers.conf': `${gatewayHeaders}\n`,
    'csp-report.conf': `${cspReport}\n`,
    'sandbox-worker.conf': sandboxWorker,
  };
  if (gateway) {
    const provider = upstreamOf(gateway.provider);
    const accounts = upstreamOf(gateway.accounts);
    for (const part of [provider, accounts])
      for (const [name, value] of Object.entries(part))
        nginxSafe(value, `the upstream's ${name.toLowerCase()}`);
    // The app gives up first: nginx waits requestTimeoutMs + 1 s for each read and write; a connect at
    // most 75 s (nginx's cap); the app's server waits for the provider side past both.
    const timeout = config.requestTimeoutMs + 1000;
    const connect = Math.min(timeout, 75_000);
    Object.assign(values, {
      UPSTREAM_CA_FILE: gateway.caFile,
      GATEWAY_TIMEOUT_MS: String(timeout),
      GATEWAY_CONNECT_TIMEOUT_MS: String(connect),
      GATEWAY_UPSTREAM_SIDE_TIMEOUT_MS: String(connect + timeout + 1000),
      CONN_LIMIT_PER_CLIENT: String(gateway.connectionsPerClient),
      PROBE_LISTEN: deploy.probeListen ?? '',
      ...Object.fromEntries(Object.entries(provider).map(([name, value]) => [`PROVIDER_${name}`, value])),
      ...Object.fromEntries(Object.entries(accounts).map(([name, value]) => [`ACCOUNTS_${name}`, value])),
    });
    const burst = gateway.rateLimit ? (gateway.rateLimit.burst ?? gateway.rateLimit.perSecond) : 0;
    Object.assign(files, {
      'gateway-modules.conf': `${off("nginx's njs module, which runs gateway-answer.njs.")}load_module ${gateway.modulesDir}/ngx_http_js_module.so;\n`,
      'gateway-http.conf': fill('gateway-http.conf.template', values),
      'gateway-locations.conf': fill('gateway-locations.conf.template', values),
      'gateway-proxy.conf': fill('gateway-proxy.conf.template', values),
      'gateway-answer.conf': fill('gateway-answer.conf.template', values),
      'gateway-upstream.conf': fill('gateway-upstream.conf.template', values),
      'gateway-upstream-proxy.conf': fill('gateway-upstream-proxy.conf.template', values),
      'probe.conf': deploy.probeListen
        ? fill('gateway-probe.conf.template', values)
        : off('no readiness listener (probeListen).'),
      'gateway-real-ip.conf':
        gateway.trustedProxies.length > 0
          ? [
              off('the proxies whose X-Forwarded-For is believed (gateway.trustedProxies).').trimEnd(),
              ...gateway.trustedProxies.map((proxy) => `set_real_ip_from ${proxy};`),
              'real_ip_header X-Forwarded-For;',
              `real_ip_recursive ${gateway.trustedProxiesRecursive ? 'on' : 'off'};`,
              '',
            ].join('\n')
          : off('no trusted proxy: the client is the TCP peer.'),
      'gateway-rate-limit-zone.conf': gateway.rateLimit
        ? `${off('the per-client rate limit (gateway.rateLimit).')}limit_req_zone $binary_remote_addr zone=cartoes_gateway:10m rate=${gateway.rateLimit.perSecond}r/s;\n`
        : off('no rate limit (gateway.rateLimit).'),
      'gateway-rate-limit.conf': gateway.rateLimit
        ? `${off('the per-client rate limit, past its burst a 429.')}limit_req zone=cartoes_gateway burst=${burst} nodelay;\n`
        : off('no rate limit (gateway.rateLimit).'),
      'gateway-answer.njs': template('gateway-answer.njs'),
    });
  } else {
    files['probe.conf'] = deploy.probeListen
      ? [
          off(
            'the readiness probe, ready while nginx serves (no provider to ask: not gateway mode).',
          ).trimEnd(),
          'server {',
          `  listen ${deploy.probeListen};`,
          '  access_log off;',
          `  error_log ${deploy.errorLog} emerg;`,
          '  include security-headers.conf;',
          '  default_type text/plain;',
          '  location = /__gateway/ready {',
          "    return 200 'ready\n';",
          '  }',
          '  location / {',
          '    return 404;',
          '  }',
          '}',
          '',
        ].join('\n')
      : off('no readiness listener (probeListen).');
    for (const name of RENDERED_FILES)
      if (name.startsWith('gateway-') && !(name in files))
        files[name] = name.endsWith('.njs')
          ? '// Not gateway mode: nothing is proxied.\n'
          : off('not gateway mode: the provider is called directly.');
  }
  files['nginx.conf'] = fill('nginx.conf.template', values);
  for (const name of RENDERED_FILES)
    if (files[name] === undefined) throw new Error(`${name} was not rendered`);
  return files as Record<RenderedFile, string>;
}
