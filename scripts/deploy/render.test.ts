// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from '../../src/config/parse-config';
import { earlyInputScriptSource } from '../build/security-headers';
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

  it('the data block: the configuration as given, `<` written \\u003c; config.json the same', () => {
    const config = { ...tokenConfig, environmentName: '</script><script>alert(1)</script><!-- \u2028' };
    const files = render(config, {});
    const block = files['runtime-config.html'];
    expect(block.match(/</g)).toHaveLength(2);
    const json = /^<script type="application\/json" id="runtime-config">(.*)<\/script>\n$/s.exec(block)?.[1];
    expect(JSON.parse(json ?? 'null')).toEqual(config);
    expect(JSON.parse(files['config.json'])).toEqual(config);
  });

  it('the CSP: the early-input script by its hash, connect-src from the configuration, nothing framed', () => {
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
    expect(directives.get('script-src')).toEqual(["'self'", earlyInputScriptSource()]);
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

  it('the frames: token mode sign-in everywhere; OpenID Connect sign-in at /entrar, entering elsewhere', () => {
    expect(render(tokenConfig, {})['nginx.conf']).toContain(
      '  map $uri $cartoes_first_frame {\n    default entrar;\n  }',
    );
    const oidc = render(
      {
        ...tokenConfig,
        mode: 'sandbox',
        auth: {
          type: 'oidc',
          authority: 'https://idp.example',
          clientId: 'c',
          scope: 'openid',
          redirectPath: '/volta',
        },
      },
      {},
    )['nginx.conf'];
    expect(oidc).toContain(
      [
        '  map $uri $cartoes_first_frame {',
        '    default entrando;',
        '    /entrar entrar;',
        '    /entrar/ entrar;',
        '    /volta entrando;',
        '    /volta/popup entrando;',
        '  }',
      ].join('\n'),
    );
    expect(oidc).toContain('root /usr/share/nginx/html/first-frames/oidc-sandbox;');
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
  it.each([
    // config.json, by the app's own schema (its words: the full-page error's).
    [{ ...tokenConfig, baseUrl: '//evil.example/api' }, {}, 'config.json', 'baseUrl'],
    [{ ...tokenConfig, baseUrl: '/\\evil.example/api' }, {}, 'config.json', 'baseUrl'],
    [{ ...tokenConfig, baseUrl: 'http://cards.provider.example/api' }, {}, 'config.json', 'baseUrl'],
    [{ ...tokenConfig, baseUrl: 'https://user@evil.example/api' }, {}, 'config.json', 'baseUrl'],
    [{ ...tokenConfig, baseUrl: 'https://cards.provider.example:99999/api' }, {}, 'config.json', 'baseUrl'],
    [{ ...tokenConfig, baseUrl: 'https://*.provider.example/api' }, {}, 'config.json', 'baseUrl'],
    [{ ...tokenConfig, baseUrl: 'https://cards.provider.example/api\n' }, {}, 'config.json', 'baseUrl'],
    [{ ...tokenConfig, baseUrl: 'javascript:alert(1)' }, {}, 'config.json', 'baseUrl'],
    [{ ...tokenConfig, baseUrl: '/' }, {}, 'config.json', 'baseUrl'],
    [
      { ...tokenConfig, accountsBaseUrl: 'https://accounts.example/x"; add_header X-Evil 1; "' },
      {},
      'config.json',
      'accountsBaseUrl',
    ],
    [
      { ...tokenConfig, cepLookupUrl: 'https://viacep.com.br/ws/{cep}/json/; script-src *' },
      {},
      'config.json',
      'cepLookupUrl',
    ],
    [{ ...tokenConfig, cepLookupUrl: 'https://viacep.com.br/ws/json/' }, {}, 'config.json', 'cepLookupUrl'],
    [
      { ...tokenConfig, cepLookupUrl: 'http://viacep.com.br/ws/{cep}/json/' },
      {},
      'config.json',
      'cepLookupUrl',
    ],
    [{ ...tokenConfig, reportUrl: '//reports.example/r' }, {}, 'config.json', 'reportUrl'],
    [{ ...tokenConfig, reportUrl: 'http://reports.example/r' }, {}, 'config.json', 'reportUrl'],
    [{ ...tokenConfig, reportUrl: 'https://r"e.example/r' }, {}, 'config.json', 'reportUrl'],
    [{ ...tokenConfig, reportUrl: 'https://r;e.example/r' }, {}, 'config.json', 'reportUrl'],
    [{ ...tokenConfig, requestTimeoutMs: '4000' }, {}, 'config.json', 'requestTimeoutMs'],
    [
      {
        ...tokenConfig,
        auth: { type: 'oidc', authority: 'http://idp.example', clientId: 'c', scope: 'openid' },
      },
      {},
      'config.json',
      'auth.authority',
    ],
    [
      {
        ...tokenConfig,
        auth: {
          type: 'oidc',
          authority: 'https://idp.example/realms/x, script-src *',
          clientId: 'c',
          scope: 'openid',
        },
      },
      {},
      'config.json',
      'auth.authority',
    ],
    [
      {
        ...tokenConfig,
        auth: { type: 'oidc', authority: 'https://idp.example/', clientId: 'c', scope: 'openid' },
      },
      {},
      'config.json',
      'auth.authority',
    ],
    [
      {
        ...tokenConfig,
        auth: { type: 'oidc', authority: 'https://idp.example', clientId: 'c', scope: 'profile email' },
      },
      {},
      'config.json',
      'auth.scope',
    ],
    [
      {
        ...tokenConfig,
        auth: {
          type: 'oidc',
          authority: 'https://idp.example',
          clientId: 'c',
          scope: 'openid',
          redirectPath: '/entrar/retorno?x=1',
        },
      },
      {},
      'config.json',
      'auth.redirectPath',
    ],
    [
      { ...gatewayConfig, baseUrl: 'https://cards.provider.example/api' },
      { gateway },
      'config.json',
      'baseUrl',
    ],
    [{ ...gatewayConfig, accountsBaseUrl: '/contas' }, { gateway }, 'config.json', 'accountsBaseUrl'],
    // The deployment document.
    [tokenConfig, { listen: '8080; location /etc/ { alias /etc/; autoindex on; }' }, 'deploy', 'listen'],
    [
      tokenConfig,
      { listen: '4690;\\\nlocation /etc/ { alias /etc/; autoindex on; } listen\\\n4691' },
      'deploy',
      'listen',
    ],
    [tokenConfig, { listen: '80\u2028listen 81' }, 'deploy', 'listen'],
    [tokenConfig, { listen: '$server_port' }, 'deploy', 'listen'],
    [tokenConfig, { listen: 'localhost:8080' }, 'deploy', 'listen'],
    [tokenConfig, { listen: '65536' }, 'deploy', 'listen'],
    [tokenConfig, { listen: '08080' }, 'deploy', 'listen'],
    [tokenConfig, { listen: 8080 }, 'deploy', 'listen'],
    [tokenConfig, { htmlDir: '/tmp/x; autoindex on' }, 'deploy', 'htmlDir'],
    [tokenConfig, { htmlDir: '/tmp/x\ninclude /etc/passwd' }, 'deploy', 'htmlDir'],
    [tokenConfig, { mimeTypes: '/tmp/$document_root' }, 'deploy', 'mimeTypes'],
    [tokenConfig, { accessLog: '/tmp/x y' }, 'deploy', 'accessLog'],
    [tokenConfig, { configDir: 'relative/path' }, 'deploy', 'configDir'],
    [tokenConfig, { stateDir: '/tmp/../etc' }, 'deploy', 'stateDir'],
    [tokenConfig, { errorLog: '/tmp/e.log crit' }, 'deploy', 'errorLog'],
    [tokenConfig, { errorLog: 'syslog:server=evil.example' }, 'deploy', 'errorLog'],
    [tokenConfig, { workers: 0 }, 'deploy', 'workers'],
    [tokenConfig, { workers: 65 }, 'deploy', 'workers'],
    [
      tokenConfig,
      { cspReportUrl: 'https://csp.example/r"\' always; add_header X 1; #' },
      'deploy',
      'cspReportUrl',
    ],
    [tokenConfig, { cspReportUrl: 'https://csp.example/r; script-src *' }, 'deploy', 'cspReportUrl'],
    [tokenConfig, { cspReportUrl: 'http://csp.example/r' }, 'deploy', 'cspReportUrl'],
    [tokenConfig, { connectSrcExtra: ['*'] }, 'deploy', 'connectSrcExtra.0'],
    [
      tokenConfig,
      { connectSrcExtra: ['https://ok.example', 'https://x.example/path'] },
      'deploy',
      'connectSrcExtra.1',
    ],
    [tokenConfig, { connectSrcExtra: ['http://plain.example'] }, 'deploy', 'connectSrcExtra.0'],
    [tokenConfig, { hsts: 'true' }, 'deploy', 'hsts'],
    [tokenConfig, { unknownKey: 1 }, 'deploy', null],
    [gatewayConfig, { gateway: { provider: gateway.provider } }, 'deploy', 'gateway.accounts'],
    [
      gatewayConfig,
      { gateway: { ...gateway, caFile: '/tmp/ca.pem; proxy_ssl_verify off' } },
      'deploy',
      'gateway.caFile',
    ],
    [gatewayConfig, { gateway: { ...gateway, caFile: 'ca.pem' } }, 'deploy', 'gateway.caFile'],
    [
      gatewayConfig,
      { gateway: { ...gateway, rateLimit: { perSecond: 0 } } },
      'deploy',
      'gateway.rateLimit.perSecond',
    ],
    [
      gatewayConfig,
      { gateway: { ...gateway, rateLimit: { perSecond: '10r/s' } } },
      'deploy',
      'gateway.rateLimit.perSecond',
    ],
    [
      gatewayConfig,
      { gateway: { ...gateway, rateLimit: { burst: 10 } } },
      'deploy',
      'gateway.rateLimit.perSecond',
    ],
    [
      gatewayConfig,
      { gateway: { ...gateway, rateLimit: { perSecond: 5, burst: 0 } } },
      'deploy',
      'gateway.rateLimit.burst',
    ],
    [
      gatewayConfig,
      { gateway: { ...gateway, connectionsPerClient: 0 } },
      'deploy',
      'gateway.connectionsPerClient',
    ],
    [
      gatewayConfig,
      { gateway: { ...gateway, trustedProxies: ['10.0.0.0/33'] } },
      'deploy',
      'gateway.trustedProxies.0',
    ],
    [
      gatewayConfig,
      { gateway: { ...gateway, trustedProxies: ['10.0.0.256'] } },
      'deploy',
      'gateway.trustedProxies.0',
    ],
    [
      gatewayConfig,
      { gateway: { ...gateway, trustedProxies: ['10.0.0.0/8; allow all'] } },
      'deploy',
      'gateway.trustedProxies.0',
    ],
    [
      gatewayConfig,
      { gateway: { ...gateway, trustedProxiesRecursive: true } },
      'deploy',
      'gateway.trustedProxiesRecursive',
    ],
    [gatewayConfig, { listen: '8080', probeListen: '127.0.0.1:8080' }, 'deploy', 'probeListen'],
    [
      gatewayConfig,
      { listen: '127.0.0.1:4590', gateway: { ...gateway, accounts: 'http://localhost:4590' } },
      'deploy',
      'gateway.accounts',
    ],
    [gatewayConfig, { stateDir: `/tmp/${'x'.repeat(90)}`, gateway }, 'deploy', 'stateDir'],
  ])('refuses %j with %j: %s names %s', (config, deploy, document, key) => {
    const error = refusal(config, deploy);
    expect(error.document).toBe(document);
    expect(error.key).toBe(key);
    if (key !== null) expect(keyOf(error.message)).toBe(key);
    else expect(error.message).toMatch(/^deploy: the whole document\. Detalhe: /);
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

  it(`a configuration over ${CONFIG_MAX_BYTES} bytes is refused; one full of \`<\` is written in one pass`, () => {
    const big = { ...tokenConfig, additionalCardFields: ['<'.repeat(60_000)] };
    const started = performance.now();
    expect(render(big, {})['runtime-config.html']).toContain('\\u003c'.repeat(60_000));
    expect(performance.now() - started).toBeLessThan(2_000);
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
