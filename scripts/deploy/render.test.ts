// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from '../../src/config/parse-config';
import { CONFIG_MAX_BYTES, RENDERED_FILES, RenderError, render } from './render';

/**
 * scripts/deploy/render.ts: what it accepts renders files nginx -t accepts; what it refuses is named by
 * its key, with the app's own words for config.json; the hostile values deploy/start.sh once refused in
 * sh are refused here, or cannot reach nginx's text at all (a document, not text assembled from values).
 */

const work = mkdtempSync(path.join(tmpdir(), 'cartoes-render-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const nginx = process.env.NGINX_BIN ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

const tokenConfig = {
  mode: 'provider',
  baseUrl: 'https://cards.provider.example/api',
  accountsBaseUrl: 'https://accounts.provider.example',
  environmentName: 'Produção',
};
const gatewayConfig = { ...tokenConfig, baseUrl: '/api', accountsBaseUrl: '/accounts' };
const gateway = { provider: 'https://127.0.0.1:9443/api', accounts: 'https://localhost:9444' };

let runs = 0;
/** The files written where they say they are read from, and nginx -t run on them. */
function nginxTest(config: unknown, deploy: Record<string, unknown>) {
  const dir = path.join(work, String(runs++));
  const configDir = path.join(dir, 'config');
  const stateDir = path.join(dir, 'state');
  mkdirSync(configDir, { recursive: true });
  mkdirSync(stateDir);
  // nginx -t opens the logs; /dev/stdout is no device under the test runner.
  const files = render(config, { accessLog: '/dev/null', ...deploy, configDir, stateDir });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(configDir, name), text);
  const result = spawnSync(nginx, ['-t', '-q', '-e', 'stderr', '-c', path.join(configDir, 'nginx.conf')], {
    encoding: 'utf8',
  });
  rmSync(dir, { recursive: true, force: true });
  return { files, status: result.status, stderr: result.stderr };
}

/** The refusal of rendering `config` and `deploy`. */
function refusal(config: unknown, deploy: unknown): RenderError {
  try {
    render(config, deploy);
  } catch (error) {
    if (error instanceof RenderError) return error;
    throw error;
  }
  throw new Error(`rendered: ${JSON.stringify({ config, deploy })}`);
}

/** The key a refusal names, read back from its message (what the render step prints). */
function keyOf(message: string): string | null {
  return (
    /^config\.json: Configuração inválida: Chave com problema: (\S+)\. Detalhe: /.exec(message)?.[1] ??
    /^deploy: key (\S+)\. Detalhe: /.exec(message)?.[1] ??
    null
  );
}

describe('render: what nginx reads', () => {
  it('writes the same files in every mode, and nginx -t accepts them', () => {
    for (const [config, deploy] of [
      [tokenConfig, {}],
      [
        gatewayConfig,
        { probeListen: '127.0.0.1:8081', gateway: { ...gateway, rateLimit: { perSecond: 5 } } },
      ],
      [tokenConfig, { probeListen: '8081' }],
    ] as const) {
      const run = nginxTest(config, deploy);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(Object.keys(run.files).sort()).toEqual([...RENDERED_FILES].sort());
      expect(run.files['nginx.conf']).not.toMatch(/\$\{[A-Z_]+\}/);
    }
  });

  it('config.json: the configuration as given', () => {
    const config = { ...tokenConfig, environmentName: '</script><script>alert(1)</script><!-- \u2028' };
    expect(JSON.parse(render(config, {})['config.json'])).toEqual(config);
  });

  it('the CSP: scripts from the app’s own files only, connect-src from the configuration, nothing framed', () => {
    const files = render(
      {
        ...tokenConfig,
        reportUrl: 'https://reports.bank.example/r',
        cepLookupUrl: 'https://viacep.com.br/ws/{cep}/json/',
      },
      { connectSrcExtra: ['https://extra.bank.example'] },
    );
    const csp = /Content-Security-Policy "([^"]*)"/.exec(files['security-headers.conf'])?.[1] ?? '';
    const directives = new Map(csp.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)]));
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual([
      "'self'",
      'https://cards.provider.example',
      'https://accounts.provider.example',
      'https://viacep.com.br',
      'https://reports.bank.example',
      'https://extra.bank.example',
    ]);
    expect(directives.get('frame-src')).toEqual(["'none'"]);
    expect(files['csp-report.conf']).not.toContain('map');
  });

  it('one rule for loopback, the app’s: http on [::1] is accepted as on 127.0.0.1 (start.sh refused it)', () => {
    const files = render({ ...tokenConfig, baseUrl: 'http://[::1]:4400/api' }, {});
    expect(files['security-headers.conf']).toContain("connect-src 'self' http://[::1]:4400 https://accounts");
    expect(refusal({ ...tokenConfig, baseUrl: 'http://[::2]:4400/api' }, {}).key).toBe('baseUrl');
  });

  it('the sandbox worker is served only in sandbox mode with the worker', () => {
    expect(render({ ...tokenConfig, mode: 'sandbox' }, {})['sandbox-worker.conf']).toContain(
      'try_files $uri =404;',
    );
    expect(
      render({ ...tokenConfig, mode: 'sandbox', sandboxWorker: false }, {})['sandbox-worker.conf'],
    ).toContain('return 404;');
    expect(render(tokenConfig, {})['sandbox-worker.conf']).toContain('return 404;');
  });

  it('gateway mode: time-outs from requestTimeoutMs, one trusted hop, the rate limit and its burst', () => {
    for (const [timeout, read, connect] of [
      [undefined, 16000, 16000],
      [1000, 2000, 2000],
      [120000, 121000, 75000],
    ] as const) {
      const files = render(
        { ...gatewayConfig, ...(timeout ? { requestTimeoutMs: timeout } : {}) },
        { gateway: { ...gateway, trustedProxies: ['10.244.0.0/16'], rateLimit: { perSecond: 300 } } },
      );
      const proxy = files['gateway-upstream-proxy.conf'];
      expect(proxy).toContain(`proxy_read_timeout ${read}ms;`);
      expect(proxy).toContain(`proxy_connect_timeout ${connect}ms;`);
      expect(files['gateway-proxy.conf']).toContain(`proxy_read_timeout ${read + connect + 1000}ms;`);
      expect(files['gateway-real-ip.conf']).toContain(
        'set_real_ip_from 10.244.0.0/16;\nreal_ip_header X-Forwarded-For;\nreal_ip_recursive off;',
      );
      expect(files['gateway-rate-limit.conf']).toContain('limit_req zone=cartoes_gateway burst=300 nodelay;');
    }
    const off = render(tokenConfig, {});
    for (const name of RENDERED_FILES.filter((file) => file.startsWith('gateway-')))
      expect(off[name], name).not.toMatch(/^[^#/]/m);
  });
});

describe('render: refusals name their key', () => {
  type Case = [config: unknown, deploy: unknown, document: 'config.json' | 'deploy', key: string | null];
  /** config.json refused (by the app's own schema: its words, the full-page error's), naming `key`. */
  const C = (key: string, members: object, deploy: object = {}): Case => [
    { ...tokenConfig, ...members },
    deploy,
    'config.json',
    key,
  ];
  const oidc = { type: 'oidc', authority: 'https://idp.example', clientId: 'c', scope: 'openid' };
  const A = (key: string, auth: object): Case => C(`auth.${key}`, { auth: { ...oidc, ...auth } });
  /** The deployment document refused, naming `key`; G: in gateway mode, `members` over its gateway's. */
  const D = (key: string | null, deploy: object): Case => [tokenConfig, deploy, 'deploy', key];
  const G = (key: string, members: object, deploy: object = {}): Case => [
    gatewayConfig,
    { ...deploy, gateway: { ...gateway, ...members } },
    'deploy',
    key,
  ];
  it.each<Case>([
    C('baseUrl', { baseUrl: '//evil.example/api' }),
    C('baseUrl', { baseUrl: '/\\evil.example/api' }),
    C('baseUrl', { baseUrl: 'http://cards.provider.example/api' }),
    C('baseUrl', { baseUrl: 'https://user@evil.example/api' }),
    C('baseUrl', { baseUrl: 'https://cards.provider.example:99999/api' }),
    C('baseUrl', { baseUrl: 'https://*.provider.example/api' }),
    C('baseUrl', { baseUrl: 'https://cards.provider.example/api\n' }),
    C('baseUrl', { baseUrl: 'javascript:alert(1)' }),
    C('baseUrl', { baseUrl: '/' }),
    C('accountsBaseUrl', { accountsBaseUrl: 'https://accounts.example/x"; add_header X-Evil 1; "' }),
    C('cepLookupUrl', { cepLookupUrl: 'https://viacep.com.br/ws/{cep}/json/; script-src *' }),
    C('cepLookupUrl', { cepLookupUrl: 'https://viacep.com.br/ws/json/' }),
    C('cepLookupUrl', { cepLookupUrl: 'http://viacep.com.br/ws/{cep}/json/' }),
    C('reportUrl', { reportUrl: '//reports.example/r' }),
    C('reportUrl', { reportUrl: 'http://reports.example/r' }),
    C('reportUrl', { reportUrl: 'https://r"e.example/r' }),
    C('reportUrl', { reportUrl: 'https://r;e.example/r' }),
    C('requestTimeoutMs', { requestTimeoutMs: '4000' }),
    A('authority', { authority: 'http://idp.example' }),
    A('authority', { authority: 'https://idp.example/realms/x, script-src *' }),
    A('authority', { authority: 'https://idp.example/' }),
    A('scope', { scope: 'profile email' }),
    A('redirectPath', { redirectPath: '/entrar/retorno?x=1' }),
    C('baseUrl', { ...gatewayConfig, baseUrl: 'https://cards.provider.example/api' }, { gateway }),
    C('accountsBaseUrl', { ...gatewayConfig, accountsBaseUrl: '/contas' }, { gateway }),
    D('listen', { listen: '8080; location /etc/ { alias /etc/; autoindex on; }' }),
    D('listen', { listen: '4690;\\\nlocation /etc/ { alias /etc/; autoindex on; } listen\\\n4691' }),
    D('listen', { listen: '80\u2028listen 81' }),
    D('listen', { listen: '$server_port' }),
    D('listen', { listen: 'localhost:8080' }),
    D('listen', { listen: '65536' }),
    D('listen', { listen: '08080' }),
    D('listen', { listen: 8080 }),
    D('probeListen', { listen: '8080', probeListen: '127.0.0.1:8080' }),
    D('htmlDir', { htmlDir: '/tmp/x; autoindex on' }),
    D('htmlDir', { htmlDir: '/tmp/x\ninclude /etc/passwd' }),
    D('mimeTypes', { mimeTypes: '/tmp/$document_root' }),
    D('accessLog', { accessLog: '/tmp/x y' }),
    D('configDir', { configDir: 'relative/path' }),
    D('stateDir', { stateDir: '/tmp/../etc' }),
    D('errorLog', { errorLog: '/tmp/e.log crit' }),
    D('errorLog', { errorLog: 'syslog:server=evil.example' }),
    D('workers', { workers: 0 }),
    D('workers', { workers: 65 }),
    D('cspReportUrl', { cspReportUrl: 'https://csp.example/r"\' always; add_header X 1; #' }),
    D('cspReportUrl', { cspReportUrl: 'https://csp.example/r; script-src *' }),
    D('cspReportUrl', { cspReportUrl: 'http://csp.example/r' }),
    D('connectSrcExtra.0', { connectSrcExtra: ['*'] }),
    D('connectSrcExtra.1', { connectSrcExtra: ['https://ok.example', 'https://x.example/path'] }),
    D('connectSrcExtra.0', { connectSrcExtra: ['http://plain.example'] }),
    D('hsts', { hsts: 'true' }),
    D(null, { unknownKey: 1 }),
    [gatewayConfig, { gateway: { provider: gateway.provider } }, 'deploy', 'gateway.accounts'],
    G('gateway.caFile', { caFile: '/tmp/ca.pem; proxy_ssl_verify off' }),
    G('gateway.caFile', { caFile: 'ca.pem' }),
    G('gateway.rateLimit.perSecond', { rateLimit: { perSecond: 0 } }),
    G('gateway.rateLimit.perSecond', { rateLimit: { perSecond: '10r/s' } }),
    G('gateway.rateLimit.perSecond', { rateLimit: { burst: 10 } }),
    G('gateway.rateLimit.burst', { rateLimit: { perSecond: 5, burst: 0 } }),
    G('gateway.connectionsPerClient', { connectionsPerClient: 0 }),
    G('gateway.trustedProxies.0', { trustedProxies: ['10.0.0.0/33'] }),
    G('gateway.trustedProxies.0', { trustedProxies: ['10.0.0.256'] }),
    G('gateway.trustedProxies.0', { trustedProxies: ['10.0.0.0/8; allow all'] }),
    G('gateway.trustedProxiesRecursive', { trustedProxiesRecursive: true }),
    G('gateway.accounts', { accounts: 'http://localhost:4590' }, { listen: '127.0.0.1:4590' }),
    G('stateDir', {}, { stateDir: `/tmp/${'x'.repeat(90)}` }),
  ])('refuses %j with %j: %s names %s', (config, deploy, document, key) => {
    const error = refusal(config, deploy);
    expect(error.document).toBe(document);
    expect(error.key).toBe(key);
    if (key !== null) expect(keyOf(error.message)).toBe(key);
    else expect(error.message).toMatch(/^deploy: the whole document\. Detalhe: /);
  });

  // Every origin connect-src names comes from what the app's schema checked: the same values are refused
  // wherever they stand, an `authority` beside "type": "token" (no key of that sign-in type) too.
  it.each([
    'https://*',
    'https://a;sandbox',
    'https://a,b.example',
    'https://*.provider.example',
    'https://user@evil.example',
    'https://cards.provider.example:99999',
    'http://cards.provider.example',
    '//evil.example',
    'javascript:alert(1)',
  ])('refuses %j as baseUrl, as the OpenID Connect authority, and as an authority beside token', (value) => {
    const error = (config: object) => refusal({ ...tokenConfig, ...config }, {});
    expect(error({ baseUrl: `${value}/api` }).key).toBe('baseUrl');
    expect(error({ auth: { ...oidc, authority: value } }).key).toBe('auth.authority');
    const beside = error({ auth: { type: 'token', authority: value } });
    expect(beside.key).toBe('auth.authority');
    expect(beside.message).toBe(
      'config.json: Configuração inválida: Chave com problema: auth.authority. Detalhe: is not a key of this part of the configuration',
    );
  });

  it('a key of no sign-in type is refused by name, on either side', () => {
    expect(refusal({ ...tokenConfig, auth: { type: 'token', clientId: 'c' } }, {}).key).toBe('auth.clientId');
    expect(refusal({ ...tokenConfig, auth: { ...oidc, clientSecret: 's' } }, {}).key).toBe(
      'auth.clientSecret',
    );
  });

  it.each([
    'http://cards.provider.example/api',
    'https://cards.provider.example/api/',
    'https://cards.provider.example/api?x=1',
    'https://cards.provider.example/api#x',
    'https://cards.provider.example/$host',
    'https://cards.provider.example/api;proxy_ssl_verify off',
    'https://cards.provider.example/api\nproxy_ssl_verify off;',
    'https://cards.provider.example/api\u2028',
    'https://user@cards.provider.example/api',
    'https://cards.provider.example:0/api',
    'https://cards.provider.example:65536/api',
    'https://[::1]:8443/api',
    'https://cards.provider.example/a b',
    'https://cards.provider.example/{x}',
    'https://cards.provider.example/api"',
    "https://cards.provider.example/'x'",
    'ftp://cards.provider.example',
    '//cards.provider.example/api',
    '/api',
    'http://127.0.0.1:8080/api',
  ])('refuses the upstream %j (and in sandbox mode too)', (provider) => {
    for (const mode of ['provider', 'sandbox']) {
      const error = refusal({ ...gatewayConfig, mode }, { gateway: { ...gateway, provider } });
      expect(error.key).toBe('gateway.provider');
    }
  });

  it('the app’s words: the schema’s message, under the full-page error’s title and key', () => {
    const error = refusal({ ...tokenConfig, baseUrl: 'http://cards.provider.example/api' }, {});
    expect(error.message).toBe(
      'config.json: Configuração inválida: Chave com problema: baseUrl. Detalhe: must be https (plain http only on 127.0.0.1, localhost or [::1])',
    );
    expect(() =>
      parseRuntimeConfig({ ...tokenConfig, baseUrl: 'http://cards.provider.example/api' }),
    ).toThrow('must be https (plain http only on 127.0.0.1, localhost or [::1])');
  });

  it(`a configuration over ${CONFIG_MAX_BYTES} bytes is refused`, () => {
    expect(
      refusal({ ...tokenConfig, additionalCardFields: ['x'.repeat(CONFIG_MAX_BYTES)] }, {}).message,
    ).toMatch(
      /^config\.json: Configuração inválida: O arquivo inteiro\. Detalhe: must be at most 65536 bytes/,
    );
  });
});

describe('render: made impossible by the design', () => {
  it('a value of config.json reaches nginx only as an origin, each of plain host characters', () => {
    // Quotes, `$`, `;` and a backslash in the name, a `$` and quotes in a path, a client id that would
    // have closed its JSON string when config.json was assembled from text: all stay JSON.
    const config = {
      ...tokenConfig,
      environmentName: 'Homologação $HOME `id` \\ "B" \'C\' ; { } \u0007 \u001b[31m\nlinha',
      accountsBaseUrl: "https://accounts.example/$host/'x'",
      auth: {
        type: 'oidc',
        authority: 'https://idp.example',
        clientId: 'backoffice", "authority": "https://evil.example',
        scope: 'openid "x',
      },
    };
    const run = nginxTest(config, {});
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.files['config.json'])).toEqual(config);
    for (const name of RENDERED_FILES.filter((file) => file.endsWith('.conf'))) {
      expect(run.files[name], name).not.toContain('Homologação');
      expect(run.files[name], name).not.toContain('$host');
      expect(run.files[name], name).not.toContain('evil.example');
    }
  });

  it('property: every accepted input renders files nginx -t accepts; every refused one names a key it was given', () => {
    // Values from the ones the app takes to the ones nginx must never read as syntax: mostly good ones,
    // so that both sides of the property are reached.
    const often = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) =>
      fc.oneof({ arbitrary: good, weight: 6 }, { arbitrary: bad, weight: 1 });
    const hostile = fc.constantFrom(
      '"',
      "'",
      '\\',
      '$',
      ';',
      '{',
      '}',
      '#',
      ' ',
      '\n',
      '\u2028',
      '*',
      ',',
      '<',
      '%',
      '..',
      '//',
      '?',
      '@',
      '[',
      ']',
    );
    const word = fc.stringMatching(/^[a-z0-9]{1,8}$/);
    const text = often(
      word,
      fc.array(fc.oneof(word, hostile), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('')),
    );
    const host = fc.oneof(
      fc.constantFrom('127.0.0.1', 'localhost', '192.0.2.10', '[::1]'),
      text.map((t) => `${t}.example`),
    );
    const port = often(fc.integer({ min: 1, max: 65_535 }), fc.integer({ min: 0, max: 99_999 }));
    const url = fc
      .tuple(
        often(fc.constant('https://'), fc.constantFrom('http://', '', '//')),
        host,
        fc.option(port),
        text,
      )
      .map(([scheme, name, at, rest]) => `${scheme}${name}${at === null ? '' : `:${at}`}/${rest}`);
    const config = fc.record(
      {
        mode: fc.constantFrom('provider', 'sandbox'),
        baseUrl: fc.oneof(url, fc.constant('/api')),
        accountsBaseUrl: fc.oneof(url, fc.constant('/accounts')),
        environmentName: fc.string({ unit: 'grapheme', minLength: 1 }),
        requestTimeoutMs: often(
          fc.integer({ min: 1000, max: 120_000 }),
          fc.integer({ min: 0, max: 200_000 }),
        ),
        cepLookupUrl: url.map((value) => `${value}{cep}`),
        reportUrl: url,
        auth: fc.oneof(
          fc.constant({ type: 'token' }),
          fc.record({
            type: fc.constant('oidc'),
            authority: url.map((value) => value.replace(/\/$/, '')),
            clientId: text,
            scope: often(fc.constant('openid'), fc.constantFrom('openid x', 'x')),
          }),
        ),
      },
      { requiredKeys: ['mode', 'baseUrl', 'accountsBaseUrl', 'environmentName'] },
    );
    const listen = often(
      fc.integer({ min: 1024, max: 65_535 }).map(String),
      fc.oneof(text, fc.constantFrom('127.0.0.1:8089', '[::1]:8089', '08080')),
    );
    const ipv4 = fc.ipV4();
    const deploy = fc.record(
      {
        listen,
        probeListen: listen,
        workers: often(
          fc.oneof(fc.integer({ min: 1, max: 64 }), fc.constant('auto')),
          fc.integer({ min: -1, max: 70 }),
        ),
        hsts: fc.boolean(),
        cspReportUrl: url,
        connectSrcExtra: fc.array(
          often(
            host.map((name) => `https://${name}`),
            url,
          ),
          { maxLength: 2 },
        ),
        mimeTypes: often(
          fc.constant('/etc/nginx/mime.types'),
          // A file that is there, or one whose name nginx would read as syntax.
          fc
            .tuple(word, fc.constantFrom('"', ';', ' ', '$', '{', '\n', "'"))
            .map(([name, syntax]) => `/etc/nginx/${name}${syntax}mime.types`),
        ),
        gateway: fc.record(
          {
            provider: url,
            accounts: url,
            rateLimit: fc.record({
              perSecond: often(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: -1, max: 0 })),
            }),
            trustedProxies: fc.array(
              often(
                fc.oneof(
                  ipv4,
                  fc.tuple(ipv4, fc.integer({ min: 0, max: 32 })).map(([ip, bits]) => `${ip}/${bits}`),
                ),
                fc.oneof(
                  text,
                  fc.tuple(ipv4, fc.integer({ min: 33, max: 99 })).map(([ip, bits]) => `${ip}/${bits}`),
                ),
              ),
              { maxLength: 2 },
            ),
          },
          { requiredKeys: ['provider', 'accounts'] },
        ),
      },
      { requiredKeys: [] },
    );
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(config, deploy, (rawConfig, rawDeploy) => {
        const given = {
          ...rawConfig,
          ...(rawDeploy.gateway ? { baseUrl: '/api', accountsBaseUrl: '/accounts' } : {}),
        };
        let files;
        try {
          files = render(given, rawDeploy);
        } catch (error) {
          if (!(error instanceof RenderError)) throw error;
          refused++;
          const key = keyOf(error.message);
          const document = error.document === 'config.json' ? given : rawDeploy;
          if (key === null)
            return (
              error.message.includes('O arquivo inteiro') || error.message.includes('the whole document')
            );
          // The key is one of the document's own (a path into what was given).
          let at: unknown = document;
          for (const part of key.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
          return at !== undefined;
        }
        accepted++;
        const run = nginxTest(given, rawDeploy);
        expect(Object.keys(files).length).toBe(RENDERED_FILES.length);
        if (run.status === 0) return true;
        // nginx resolves an upstream's name as it loads: nginx -t cannot judge a name this machine does
        // not know, and says so (a name is all the renderer let through: no syntax of its own).
        const unknownName = /host not found in upstream "([a-z0-9.-]+\.example):[0-9]+"/.exec(run.stderr);
        if (unknownName) return true;
        console.error(run.stderr);
        return false;
      }),
      { numRuns: 150, seed: 47 },
    );
    // Both sides were reached, so the property said something about each.
    expect(accepted).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(10);
  });
});
