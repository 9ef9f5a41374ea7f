// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstFrameNames } from '../../src/app/first-frame/frame-routes';
import { parseRuntimeConfig } from '../../src/config/load-config';
import { cleanUp, cspOf, minimal, repositoryRoot, runStart } from './run-deploy-start';

/**
 * deploy/start.sh, run as the container runs it, its output read by the app's own config validation.
 * The examples are the `env` blocks of docs/deployment.md, so the documentation cannot drift from the script.
 * Hostile values: scripts/deploy-start-hostile.test.ts.
 */

afterEach(cleanUp);

/** `NAME=value` lines of every ```env block in docs/deployment.md. */
function documentedExamples(): Array<Record<string, string>> {
  const doc = readFileSync(join(repositoryRoot, 'docs/deployment.md'), 'utf8');
  return [...doc.matchAll(/```env\n([\s\S]*?)```/g)].map(([, body = '']) =>
    Object.fromEntries(
      body
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    ),
  );
}

describe('deploy/start.sh', () => {
  const examples = documentedExamples();

  it('finds the documented examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
  });

  it.each(examples.map((vars, index) => [index + 1, vars] as const))(
    'docs example %i: writes a config.json the app accepts and a CSP naming its origins',
    (_, vars) => {
      const run = runStart(vars);
      expect(run.stderr).not.toMatch(/must|required/);
      expect(run.status).toBe(0);
      const config = parseRuntimeConfig(JSON.parse(run.read('config.json')));
      // Gateway mode: the provider is served on this origin.
      const gateway = vars.APP_PROVIDER_UPSTREAM !== undefined;
      expect(config.baseUrl).toBe(gateway ? '/api' : vars.APP_BASE_URL);
      expect(config.accountsBaseUrl).toBe(gateway ? '/accounts' : vars.APP_ACCOUNTS_BASE_URL);
      expect(run.read('gateway-locations.conf').includes('location /api/ {')).toBe(gateway);
      const csp = cspOf(run.read('security-headers.conf'));
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self';");
      for (const key of [
        'APP_BASE_URL',
        'APP_ACCOUNTS_BASE_URL',
        'APP_CEP_LOOKUP_URL',
        'APP_AUTH_AUTHORITY',
      ]) {
        const value = vars[key];
        if (value?.startsWith('http')) expect(csp).toContain(new URL(value).origin);
      }
      expect(run.read('nginx.conf')).not.toMatch(/\$\{APP_[A-Z_]+\}/);
    },
  );

  it('writes every page’s first frame with config.json stamped in, `<` written \\u003c', () => {
    const run = runStart({
      ...minimal,
      APP_EXTRA_CONFIG_JSON: '{"institutionName": "</script><script>alert(1)</script>"}',
    });
    expect(run.status).toBe(0);
    const config: unknown = JSON.parse(run.read('config.json'));
    for (const frame of firstFrameNames) {
      const page = run.read(`first-frames/${frame}.html`);
      expect(page).not.toContain('rel="preload" href="/config.json"');
      const block =
        /<script type="application\/json" id="runtime-config">([\s\S]*)<\/script>/.exec(page)?.[1] ?? '';
      expect(block).not.toContain('<');
      expect(JSON.parse(block)).toEqual(config);
    }
    expect(run.read('nginx.conf')).toContain('map $uri $cartoes_first_frame');
  });

  it('passes the optional keys through: auth, CEP lookup, report URL and extra JSON', () => {
    const run = runStart({
      ...minimal,
      APP_ENVIRONMENT_NAME: 'Homologação "B" \\ teste',
      APP_SEND_IDEMPOTENCY_KEY: 'true',
      APP_CEP_LOOKUP_URL: 'https://viacep.com.br/ws/{cep}/json/',
      APP_AUTH_AUTHORITY: 'https://idp.example:8443/realms/x',
      APP_AUTH_CLIENT_ID: 'backoffice',
      APP_CSP_REPORT_URL: 'https://csp.example/report',
      APP_EXTRA_CONFIG_JSON: '{"moneyUnit": "reais", "printedNameMaxLength": 24}',
    });
    expect(run.status).toBe(0);
    const raw: unknown = JSON.parse(run.read('config.json'));
    expect(raw).toMatchObject({
      environmentName: 'Homologação "B" \\ teste',
      cepLookupUrl: 'https://viacep.com.br/ws/{cep}/json/',
      auth: {
        type: 'oidc',
        authority: 'https://idp.example:8443/realms/x',
        clientId: 'backoffice',
        scope: 'openid',
        redirectPath: '/entrar/retorno',
      },
      cspReportUrl: 'https://csp.example/report',
    });
    const config = parseRuntimeConfig(raw);
    expect(config.moneyUnit).toBe('reais');
    expect(config.printedNameMaxLength).toBe(24);
    expect(config.sendIdempotencyKey).toBe(true);
    const headers = run.read('security-headers.conf');
    const csp = cspOf(headers);
    expect(csp).toContain(
      "connect-src 'self' https://cards.provider.example https://accounts.provider.example https://viacep.com.br https://idp.example:8443;",
    );
    expect(csp).toContain("frame-src 'none';");
    // The report directives come from csp-report.conf, for an address without a query only (the identity
    // provider's return carries its code and state in the query; a browser's report holds the address).
    expect(csp).toMatch(/frame-ancestors 'none'\$cartoes_csp_report$/);
    expect(headers).toContain('add_header Reporting-Endpoints $cartoes_reporting_endpoints always;');
    const reports = run.read('csp-report.conf');
    expect(reports).toContain(
      'map $request_uri $cartoes_csp_report {\n  "~[?]" "";\n  default "; report-uri https://csp.example/report; report-to csp";\n}',
    );
    expect(reports).toContain(
      `map $request_uri $cartoes_reporting_endpoints {\n  "~[?]" "";\n  default 'csp="https://csp.example/report"';\n}`,
    );
    expect(headers).not.toContain('Strict-Transport-Security');
  });

  it('sends no report directive and frames nothing by default', () => {
    const run = runStart(minimal);
    expect(run.status).toBe(0);
    const headers = run.read('security-headers.conf');
    expect(cspOf(headers)).not.toContain('report');
    expect(cspOf(headers)).toContain("frame-src 'none';");
    expect(headers).not.toContain('Reporting-Endpoints');
    expect(run.read('csp-report.conf')).not.toContain('map');
    for (const header of [
      'X-Frame-Options "DENY"',
      'X-Content-Type-Options "nosniff"',
      'Referrer-Policy "no-referrer"',
      'Cross-Origin-Opener-Policy "same-origin"',
      'Permissions-Policy',
    ]) {
      expect(headers).toContain(`add_header ${header}`);
    }
  });

  it.each([
    [{ APP_ACCOUNTS_BASE_URL: '/accounts' }, /APP_BASE_URL is required/],
    [{ APP_BASE_URL: '/api' }, /APP_ACCOUNTS_BASE_URL is required/],
    [
      { ...minimal, APP_BASE_URL: 'cards.provider.example/api' },
      /APP_BASE_URL must be an https URL or a path/,
    ],
    [
      { ...minimal, APP_BASE_URL: 'ftp://cards.provider.example' },
      /APP_BASE_URL must be an https URL or a path/,
    ],
    [
      { ...minimal, APP_ACCOUNTS_BASE_URL: 'https://accounts.example/' },
      /APP_ACCOUNTS_BASE_URL must not end with \//,
    ],
    [
      { ...minimal, APP_BASE_URL: 'https://a.example/api"; add_header X 1' },
      /APP_BASE_URL must be an https URL or a path on this origin starting with \/ \(no quote/,
    ],
    [{ ...minimal, APP_REQUEST_TIMEOUT_MS: '15s' }, /APP_REQUEST_TIMEOUT_MS must be a whole number/],
    [{ ...minimal, APP_REQUEST_TIMEOUT_MS: '500' }, /APP_REQUEST_TIMEOUT_MS must be between/],
    [{ ...minimal, APP_SEND_IDEMPOTENCY_KEY: 'yes' }, /APP_SEND_IDEMPOTENCY_KEY must be true or false/],
    [{ ...minimal, APP_AUTH_AUTHORITY: 'https://idp.example' }, /APP_AUTH_CLIENT_ID is required/],
    [{ ...minimal, APP_CSP_REPORT_URL: '/csp' }, /APP_CSP_REPORT_URL must be an absolute https URL/],
    [
      { ...minimal, APP_EXTRA_CONFIG_JSON: '"moneyUnit": "reais"' },
      /APP_EXTRA_CONFIG_JSON must be a JSON object/,
    ],
    [{ ...minimal, APP_LISTEN: '80; evil' }, /APP_LISTEN must be a port/],
  ])('refuses %o naming the variable', (vars, message) => {
    const run = runStart(vars);
    expect(run.status).toBe(64);
    expect(run.stderr).toMatch(message);
  });
});

describe('the image (scripts/image/build.sh)', () => {
  const build = readFileSync(join(repositoryRoot, 'scripts/image/build.sh'), 'utf8');

  it('copies every file deploy/start.sh reads, and the njs module gateway mode loads', () => {
    const script = readFileSync(join(repositoryRoot, 'deploy/start.sh'), 'utf8');
    const read = [...script.matchAll(/"\$DEPLOY_DIR\/([\w./-]+)"/g)].map(([, file = '']) => file);
    expect(read.sort()).toEqual([
      'check-json.awk',
      'nginx/gateway-answer.conf.template',
      'nginx/gateway-answer.njs',
      'nginx/gateway-http.conf.template',
      'nginx/gateway-locations.conf.template',
      'nginx/gateway-probe.conf.template',
      'nginx/gateway-proxy.conf.template',
      'nginx/gateway-upstream-proxy.conf.template',
      'nginx/gateway-upstream.conf.template',
      'nginx/nginx.conf.template',
    ]);
    expect(build).toContain('cp deploy/start.sh deploy/check-json.awk "$root/opt/cartoes/deploy/"');
    const copied =
      /^cp (deploy\/nginx\/[^\n]*) "\$root\/opt\/cartoes\/deploy\/nginx\/"$/m.exec(build)?.[1] ?? '';
    expect(copied.split(' ').sort()).toEqual([
      'deploy/nginx/*.conf.template',
      'deploy/nginx/gateway-answer.njs',
    ]);
    // Gateway mode refuses to start without it (start.sh, APP_NGINX_MODULES_DIR's default).
    expect(build).toContain('usr/lib/nginx/modules/ngx_http_js_module.so');
    expect(readFileSync(join(repositoryRoot, 'deploy/image/packages'), 'utf8')).toMatch(
      /^libnginx-mod-http-js$/m,
    );
  });
});
