// @vitest-environment node
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkJsonMany,
  cleanUp,
  cspOf,
  directiveOf,
  minimal,
  nginxBinary,
  repositoryRoot,
  runStart,
  type StartRun,
  tempDir,
} from './run-deploy-start';

/**
 * deploy/start.sh against values an attacker (or a slip of the operator's hand) could put in its
 * environment: every value reaching nginx.conf, a header or config.json is checked whole, and a refused
 * value leaves no file behind. docs/deployment.md, "Threat model".
 */

afterEach(cleanUp);

function expectRefused(run: StartRun, variable: string) {
  expect(run.status, run.stderr).toBe(64);
  expect(run.stderr).toMatch(new RegExp(`^deploy/start\\.sh: ${variable} `));
  // Nothing written: a refused value never reaches a file nginx or the app reads.
  for (const file of ['config.json', 'security-headers.conf', 'nginx.conf', 'sandbox-worker.conf']) {
    expect(run.wrote(file), file).toBe(false);
  }
}

describe('nginx.conf: APP_LISTEN and the paths', () => {
  it('refuses the APP_LISTEN that once made nginx list /etc/ (a valid last line, `\\`+newline, `;`)', () => {
    // The old check read the value line by line (its last line is a valid port) and sed turned each
    // `\`+newline into a newline: nginx.conf gained a location serving /etc/ with autoindex, and nginx -t
    // passed.
    const run = runStart({
      ...minimal,
      APP_LISTEN: '4690;\\\nlocation /etc/ { alias /etc/; autoindex on; } listen\\\n4691',
    });
    expectRefused(run, 'APP_LISTEN');
    expect(run.stderr).toContain('not shown: it holds control characters');
  });

  it.each([
    '8080; location /etc/ { alias /etc/; autoindex on; }',
    '8080\n',
    '\n8080',
    '8080\\',
    '127.0.0.1:8080 ssl',
    '8080 default_server',
    '$server_port',
    '"8080"',
    '0.0.0.0:8080;',
    '[::1]:8080;',
    'localhost:8080',
    '1.2.3:8080',
    '65536',
    '08080',
    '',
  ])('refuses APP_LISTEN=%j', (value) => {
    // An empty value means the default (8080): nothing to refuse there, so '' checks the default holds.
    const run = runStart({ ...minimal, APP_LISTEN: value });
    if (value === '') {
      expect(run.status, run.stderr).toBe(0);
      expect(run.read('nginx.conf')).toContain('listen 8080;');
      return;
    }
    expectRefused(run, 'APP_LISTEN');
  });

  it.each([
    ['a C1 control (U+0085) in UTF-8', '80\u0085'],
    ['a C1 CSI (U+009B) in UTF-8', '80\u009b31m'],
    ['a line separator (U+2028)', '80\u2028listen 81'],
    ['a non-ASCII letter', '80é'],
  ])('does not echo a refused value holding %s', (_, value) => {
    const run = runStart({ ...minimal, APP_LISTEN: value });
    expectRefused(run, 'APP_LISTEN');
    expect(run.stderr).toContain(
      '(not shown: it holds control characters or characters outside printable ASCII)',
    );
    // Not one byte of the value beyond its ASCII start reaches the message.
    expect(run.stderr).not.toMatch(/[^\x20-\x7e\n]/);
    expect(run.stderr).not.toContain('got:');
  });

  it('echoes a refused value that is printable ASCII, as it is', () => {
    const run = runStart({ ...minimal, APP_LISTEN: '80 ssl' });
    expectRefused(run, 'APP_LISTEN');
    expect(run.stderr).toContain('(got: 80 ssl)');
  });

  it.each(['8080', '127.0.0.1:4604', '[::1]:8080', '0.0.0.0:80'])(
    'accepts APP_LISTEN=%j as it is',
    (value) => {
      const run = runStart({ ...minimal, APP_LISTEN: value });
      expect(run.status, run.stderr).toBe(0);
      expect(run.read('nginx.conf')).toContain(`\n    listen ${value};\n`);
    },
  );

  const hostilePaths = [
    '/tmp/x; autoindex on',
    '/tmp/x\ninclude /etc/passwd',
    '/tmp/x\\\ninclude /etc/passwd',
    '/tmp/$document_root',
    '/tmp/x#',
    '/tmp/x&y',
    '/tmp/{x}',
    '/tmp/x y',
    '/tmp/"x"',
    "/tmp/'x'",
    '/tmp/*',
    'relative/path',
  ];
  it.each(
    ['APP_HTML_DIR', 'APP_MIME_TYPES', 'APP_ACCESS_LOG', 'APP_RUNTIME_DIR'].flatMap((name) =>
      hostilePaths.map((value) => [name, value] as const),
    ),
  )('refuses %s=%j', (name, value) => {
    const run = runStart({ ...minimal, [name]: value });
    expect(run.status, run.stderr).toBe(64);
    expect(run.stderr).toMatch(new RegExp(`^deploy/start\\.sh: ${name} `));
    if (name !== 'APP_RUNTIME_DIR') expectRefused(run, name);
  });

  it('writes every value literally: paths with @ + . _ -, IPv6 listen; nginx -t accepts the result', () => {
    const html = join(tempDir('cartoes-html-'), 'v1.2_build+x@y-z');
    mkdirSync(html);
    writeFileSync(join(html, 'index.html'), '<!doctype html>');
    const log = join(tempDir('cartoes-log-'), 'access+1.log');
    const run = runStart({ ...minimal, APP_HTML_DIR: html, APP_ACCESS_LOG: log, APP_LISTEN: '[::1]:4699' });
    expect(run.status, run.stderr).toBe(0);
    const conf = run.read('nginx.conf');
    expect(conf).toContain(`\n    root ${html};\n`);
    expect(conf).toContain(`\n  access_log ${log} cartoes;\n`);
    expect(conf).not.toMatch(/\$\{APP_[A-Z_]+\}/);
    const test = spawnSync(
      nginxBinary(),
      ['-t', '-q', '-p', run.runtimeDir, '-c', join(run.runtimeDir, 'nginx.conf'), '-e', 'stderr'],
      { encoding: 'utf8' },
    );
    expect(test.status, test.stderr).toBe(0);
  });
});

describe('APP_RUNTIME_DIR: a directory of the app’s own', () => {
  const MARKER = '.cartoes-runtime-dir';
  const mode = (path: string) => statSync(path).mode & 0o7777;
  /** An HTML directory without index.html: a script that did not refuse the runtime directory first stops
   * there, before it writes or changes anything (so that this test cannot harm / on a regression). */
  const noBuild = () => tempDir('cartoes-nobuild-');

  it.each(['/', '//', '/tmp/..', '/tmp/./x', '/tmp//x', '/tmp/x/', '/tmp/.'])(
    'refuses APP_RUNTIME_DIR=%j before anything else',
    (value) => {
      const run = runStart({ ...minimal, APP_RUNTIME_DIR: value, APP_HTML_DIR: noBuild() });
      expect(run.status, run.stderr).toBe(64);
      expect(run.stderr).toMatch(/^deploy\/start\.sh: APP_RUNTIME_DIR must be a directory of its own/);
    },
  );

  it('refuses a directory it did not create: its mode, its tmp (1777) and its files stay as they were', () => {
    const dir = tempDir('cartoes-foreign-');
    chmodSync(dir, 0o750);
    writeFileSync(join(dir, 'notes.txt'), 'someone else’s');
    mkdirSync(join(dir, 'tmp'));
    chmodSync(join(dir, 'tmp'), 0o1777);
    const run = runStart({ ...minimal, APP_RUNTIME_DIR: dir });
    expectRefused(run, 'APP_RUNTIME_DIR');
    expect(run.stderr).toContain(`no ${MARKER} in it`);
    expect(mode(dir)).toBe(0o750);
    expect(mode(join(dir, 'tmp'))).toBe(0o1777);
    expect(readdirSync(dir).sort()).toEqual(['notes.txt', 'tmp']);
  });

  it('refuses a file in place of the directory', () => {
    const file = join(tempDir('cartoes-file-'), 'runtime');
    writeFileSync(file, '');
    expectRefused(runStart({ ...minimal, APP_RUNTIME_DIR: file }), 'APP_RUNTIME_DIR');
  });

  it('creates a missing directory and its tmp readable by all under umask 077, with its marker', () => {
    const dir = join(tempDir('cartoes-parent-'), 'etc', 'cartoes');
    const run = runStart({ ...minimal, APP_RUNTIME_DIR: dir }, { umask: '077' });
    expect(run.status, run.stderr).toBe(0);
    expect(mode(dir)).toBe(0o755);
    expect(mode(join(dir, '..'))).toBe(0o755);
    expect(mode(join(dir, 'tmp'))).toBe(0o755);
    expect(existsSync(join(dir, MARKER))).toBe(true);
    expect(run.wrote('nginx.conf')).toBe(true);
    // The next start finds its marker and takes the directory again.
    expect(runStart({ ...minimal, APP_RUNTIME_DIR: dir }).status).toBe(0);
  });

  it('takes an empty directory (the container’s) as it is, without changing its mode', () => {
    const dir = tempDir('cartoes-empty-');
    // Not writable by its group or others (refused: scripts/deploy/deploy-start-pod.test.ts).
    chmodSync(dir, 0o750);
    const run = runStart({ ...minimal, APP_RUNTIME_DIR: dir });
    expect(run.status, run.stderr).toBe(0);
    expect(mode(dir)).toBe(0o750);
    expect(existsSync(join(dir, MARKER))).toBe(true);
  });

  it('on its own directory, leaves an existing tmp (and the directory) with the modes they have', () => {
    const dir = tempDir('cartoes-own-');
    chmodSync(dir, 0o750);
    writeFileSync(join(dir, MARKER), '');
    mkdirSync(join(dir, 'tmp'));
    chmodSync(join(dir, 'tmp'), 0o1777);
    const run = runStart({ ...minimal, APP_RUNTIME_DIR: dir });
    expect(run.status, run.stderr).toBe(0);
    expect(mode(dir)).toBe(0o750);
    expect(mode(join(dir, 'tmp'))).toBe(0o1777);
    expect(run.wrote('config.json')).toBe(true);
  });
});

describe('URLs: base URLs, report URLs, the IdP, the CSP origins', () => {
  it.each([
    ['//evil.example/api', /a single \/ then a name/],
    ['/\\evil.example/api', /no quote, backslash/],
    ['/api\\..\\x', /no quote, backslash/],
    ['http://cards.provider.example/api', /must be an https URL \(http only on 127\.0\.0\.1 or localhost/],
    ['https://user@evil.example/api', /must be an https URL or a path/],
    ['https://cards.provider.example:99999/api', /must be an https URL or a path/],
    ['https://cards.provider.example/api?x=1', /must be an https URL or a path/],
    ['https://cards.provider.example/api#x', /must be an https URL or a path/],
    ['https://cards.provider.example/a,b', /must be an https URL or a path/],
    ['https://*.provider.example/api', /must be an https URL or a path/],
    ['https://cards.provider.example/api\n', /not shown: it holds control characters/],
    ['javascript:alert(1)', /must be an https URL or a path/],
    ['/', /must be a path on this origin, a single \/ then a name/],
  ])('provider mode refuses APP_BASE_URL=%j', (value, message) => {
    const run = runStart({ ...minimal, APP_BASE_URL: value });
    expectRefused(run, 'APP_BASE_URL');
    expect(run.stderr).toMatch(message);
  });

  it.each([
    ['https://cards.provider.example/api', 'https://cards.provider.example'],
    ['https://cards.provider.example:8443/v1/api', 'https://cards.provider.example:8443'],
    ['http://127.0.0.1:4400/api', 'http://127.0.0.1:4400'],
    ['http://localhost:4400/api', 'http://localhost:4400'],
    ['/api', undefined],
    ['/api/v1~x', undefined],
  ])('provider mode accepts APP_BASE_URL=%j', (value, origin) => {
    const run = runStart({ ...minimal, APP_BASE_URL: value });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.read('config.json'))).toMatchObject({ mode: 'provider', baseUrl: value });
    const connectSrc = directiveOf(cspOf(run.read('security-headers.conf')), 'connect-src') ?? '';
    expect(connectSrc.split(' ')).toEqual([
      "'self'",
      ...(origin ? [origin] : []),
      'https://accounts.provider.example',
    ]);
  });

  it('sandbox mode allows http on any host, still not //host or /\\host', () => {
    const sandbox = { ...minimal, APP_MODE: 'sandbox', APP_SANDBOX_WORKER: 'false' };
    const run = runStart({ ...sandbox, APP_BASE_URL: 'http://sandbox.internal:4400/api' });
    expect(run.status, run.stderr).toBe(0);
    expect(cspOf(run.read('security-headers.conf'))).toContain('http://sandbox.internal:4400');
    expectRefused(
      runStart({ ...sandbox, APP_ACCOUNTS_BASE_URL: '//evil.example/accounts' }),
      'APP_ACCOUNTS_BASE_URL',
    );
    expectRefused(
      runStart({ ...sandbox, APP_ACCOUNTS_BASE_URL: '/\\evil.example/x' }),
      'APP_ACCOUNTS_BASE_URL',
    );
  });

  it('the IdP is https even in sandbox mode (http on loopback only)', () => {
    const oidc = { ...minimal, APP_MODE: 'sandbox', APP_AUTH_CLIENT_ID: 'backoffice' };
    expectRefused(runStart({ ...oidc, APP_AUTH_AUTHORITY: 'http://idp.example' }), 'APP_AUTH_AUTHORITY');
    expect(runStart({ ...oidc, APP_AUTH_AUTHORITY: 'http://127.0.0.1:4602' }).status).toBe(0);
  });

  it.each([
    ['APP_ACCOUNTS_BASE_URL', 'https://accounts.example/x"; add_header X-Evil 1; "'],
    ['APP_ACCOUNTS_BASE_URL', 'https://accounts.example/$host'],
    ['APP_ACCOUNTS_BASE_URL', "https://accounts.example/'x'"],
    ['APP_CEP_LOOKUP_URL', 'https://viacep.com.br/ws/{cep}/json/; script-src *'],
    ['APP_CEP_LOOKUP_URL', 'https://viacep.com.br/ws/json/'],
    ['APP_CEP_LOOKUP_URL', 'http://viacep.com.br/ws/{cep}/json/'],
    ['APP_AUTH_AUTHORITY', 'https://idp.example/realms/x, script-src *'],
    ['APP_AUTH_AUTHORITY', 'https://idp.example/'],
    ['APP_CSP_REPORT_URL', 'https://csp.example/r"\' always; add_header X 1; #'],
    ['APP_CSP_REPORT_URL', 'https://csp.example/r; script-src *'],
    ['APP_CSP_REPORT_URL', 'http://csp.example/r'],
    ['APP_REPORT_URL', '//reports.example/r'],
    ['APP_REPORT_URL', '/\\reports.example/r'],
    ['APP_REPORT_URL', 'http://reports.example/r'],
    ['APP_REPORT_URL', 'https://reports.example/r/'],
    ['APP_AUTH_CLIENT_ID', 'backoffice", "authority": "https://evil.example'],
    ['APP_AUTH_SCOPE', 'openid "x'],
    ['APP_AUTH_SCOPE', 'profile email'],
    ['APP_AUTH_REDIRECT_PATH', '//evil.example/cb'],
    ['APP_AUTH_REDIRECT_PATH', '/entrar/retorno?x=1'],
  ])('refuses %s=%j', (name, value) => {
    const withAuth: Record<string, string> = name.startsWith('APP_AUTH_')
      ? { APP_AUTH_AUTHORITY: 'https://idp.example', APP_AUTH_CLIENT_ID: 'backoffice' }
      : {};
    const run = runStart({ ...minimal, ...withAuth, [name]: value });
    expectRefused(run, name);
  });

  it('a `$`, quotes and a backslash in the environment name stay text in config.json and out of nginx', () => {
    const name = 'Homologação $HOME `id` \\ "B" \'C\' ; { }';
    const run = runStart({ ...minimal, APP_ENVIRONMENT_NAME: name });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.read('config.json'))).toMatchObject({ environmentName: name });
    expect(run.read('security-headers.conf')).not.toContain('Homologação');
    expect(run.read('nginx.conf')).not.toContain('Homologação');
  });

  it.each(['Linha 1\nlinha 2', 'Sino\u0007', 'Esc\u001b[31m'])(
    'refuses control characters in APP_ENVIRONMENT_NAME (%j)',
    (value) => {
      expectRefused(runStart({ ...minimal, APP_ENVIRONMENT_NAME: value }), 'APP_ENVIRONMENT_NAME');
    },
  );

  it('refuses a number with a leading zero (invalid JSON) in APP_REQUEST_TIMEOUT_MS', () => {
    expectRefused(runStart({ ...minimal, APP_REQUEST_TIMEOUT_MS: '01000' }), 'APP_REQUEST_TIMEOUT_MS');
  });
});

describe('APP_CONNECT_SRC_EXTRA: origins, never file names', () => {
  it('a `*` is not expanded against the files of the working directory', () => {
    // A directory "https:" holding "evil.example": `https://*` used to expand to https://evil.example
    // (the loop over the unquoted value globbed), which then joined connect-src.
    const cwd = tempDir('cartoes-cwd-');
    mkdirSync(join(cwd, 'https:'));
    writeFileSync(join(cwd, 'https:', 'evil.example'), '');
    for (const value of ['https://*', '*', 'https://a.example *']) {
      const run = runStart({ ...minimal, APP_CONNECT_SRC_EXTRA: value }, { cwd });
      expectRefused(run, 'APP_CONNECT_SRC_EXTRA');
      expect(run.stderr).not.toContain('evil.example');
    }
  });

  it.each([
    'https://a.example;script-src',
    'https://a.example/path',
    "'unsafe-eval'",
    'https://a.example\nhttps://b.example',
    'https://a.example\thttps://b.example',
    'http://a.example',
    'data:',
  ])('refuses %j', (value) => {
    expectRefused(runStart({ ...minimal, APP_CONNECT_SRC_EXTRA: value }), 'APP_CONNECT_SRC_EXTRA');
  });

  it('adds listed origins once each', () => {
    const run = runStart({
      ...minimal,
      APP_CONNECT_SRC_EXTRA: 'https://a.example  https://b.example:8443 https://cards.provider.example',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(directiveOf(cspOf(run.read('security-headers.conf')), 'connect-src')).toBe(
      "'self' https://cards.provider.example https://accounts.provider.example https://a.example https://b.example:8443",
    );
  });
});

describe('APP_REPORT_URL', () => {
  it('absolute: written as reportUrl, its origin joins connect-src', () => {
    const run = runStart({ ...minimal, APP_REPORT_URL: 'https://telemetry.bank.example:8443/cartoes/v1' });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.read('config.json'))).toMatchObject({
      reportUrl: 'https://telemetry.bank.example:8443/cartoes/v1',
    });
    expect(directiveOf(cspOf(run.read('security-headers.conf')), 'connect-src')).toBe(
      "'self' https://cards.provider.example https://accounts.provider.example https://telemetry.bank.example:8443",
    );
  });

  it('a path on this origin: written as it is, connect-src unchanged', () => {
    const run = runStart({ ...minimal, APP_REPORT_URL: '/relatorios' });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.read('config.json'))).toMatchObject({ reportUrl: '/relatorios' });
    expect(directiveOf(cspOf(run.read('security-headers.conf')), 'connect-src')).toBe(
      "'self' https://cards.provider.example https://accounts.provider.example",
    );
  });

  it('unset: no reportUrl, nothing added to the CSP', () => {
    const run = runStart(minimal);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.read('config.json'))).not.toHaveProperty('reportUrl');
    expect(directiveOf(cspOf(run.read('security-headers.conf')), 'connect-src')).toBe(
      "'self' https://cards.provider.example https://accounts.provider.example",
    );
  });
});

describe('the mock Service Worker', () => {
  it.each([
    [{}, false],
    [{ APP_MODE: 'sandbox' }, true],
    [{ APP_MODE: 'sandbox', APP_SANDBOX_WORKER: 'true' }, true],
    [{ APP_MODE: 'sandbox', APP_SANDBOX_WORKER: 'false' }, false],
    [{ APP_MODE: 'provider', APP_SANDBOX_WORKER: 'true' }, false],
  ])('%o: served %s', (vars, served) => {
    const run = runStart({ ...minimal, ...vars });
    expect(run.status, run.stderr).toBe(0);
    const conf = run.read('sandbox-worker.conf');
    expect(conf.includes('\ntry_files $uri =404;\n'), conf).toBe(served);
    expect(conf.includes('\nreturn 404;\n'), conf).toBe(!served);
  });
});

describe('APP_EXTRA_CONFIG_JSON', () => {
  it.each([
    ['mode', '{"mode": "sandbox"}', 'APP_MODE'],
    ['baseUrl', '{"moneyUnit": "reais", "baseUrl": "https://evil.example"}', 'APP_BASE_URL'],
    ['accountsBaseUrl', '{"accountsBaseUrl": "//evil.example"}', 'APP_ACCOUNTS_BASE_URL'],
    ['auth', '{"auth": {"type": "token"}}', 'APP_AUTH_AUTHORITY'],
    ['sandboxWorker', '{"sandboxWorker": true}', 'APP_SANDBOX_WORKER'],
    ['cepLookupUrl', '{"cepLookupUrl": "https://evil.example/{cep}"}', 'APP_CEP_LOOKUP_URL'],
    ['reportUrl', '{"reportUrl": "https://evil.example"}', 'APP_REPORT_URL'],
    ['cspReportUrl', '{"cspReportUrl": "https://evil.example"}', 'APP_CSP_REPORT_URL'],
    ['environmentName', '{"environmentName": "x"}', 'APP_ENVIRONMENT_NAME'],
    ['requestTimeoutMs', '{"requestTimeoutMs": 1000}', 'APP_REQUEST_TIMEOUT_MS'],
    ['sendIdempotencyKey', '{"sendIdempotencyKey": true}', 'APP_SEND_IDEMPOTENCY_KEY'],
  ])('refuses %s: it comes from its own variable only', (key, json, variable) => {
    const run = runStart({ ...minimal, APP_EXTRA_CONFIG_JSON: json });
    expectRefused(run, 'APP_EXTRA_CONFIG_JSON');
    expect(run.stderr).toContain(`must not set "${key}": deploy/start.sh writes it from ${variable}`);
  });

  it.each([
    ['an escaped owned key', '{"base\\u0055rl": "https://evil.example"}'],
    ['a key set twice', '{"moneyUnit": "reais", "moneyUnit": "centavos"}'],
    ['a key that is no plain name', '{"money unit": "reais"}'],
    ['a trailing comma', '{"moneyUnit": "reais",}'],
    ['a missing value', '{"moneyUnit": }'],
    ['an unquoted key', '{moneyUnit: "reais"}'],
    ['single quotes', "{'moneyUnit': 'reais'}"],
    ['a second object', '{"moneyUnit": "reais"} {"mode": "sandbox"}'],
    ['a closing brace inside to end early', '{"moneyUnit": "reais"}, "mode": "sandbox", "x": {}'],
    ['a newline inside a string', '{"moneyUnit": "re\nais"}'],
    ['a bad escape', '{"moneyUnit": "re\\ais"}'],
    ['a short \\u escape', '{"moneyUnit": "\\u00e"}'],
    ['a leading zero', '{"printedNameMaxLength": 024}'],
    ['a bare minus', '{"printedNameMaxLength": -}'],
    ['NaN', '{"printedNameMaxLength": NaN}'],
    ['an unclosed array', '{"additionalCardFields": ["a", "b"}'],
    ['an unclosed object', '{"domains": {"sexo": []}'],
    ['a comment', '{"moneyUnit": "reais" /* x */}'],
    ['an array', '[{"moneyUnit": "reais"}]'],
    ['a string', '"moneyUnit"'],
    ['true followed by junk', '{"x": truex}'],
  ])('refuses %s', (_, json) => {
    const run = runStart({ ...minimal, APP_EXTRA_CONFIG_JSON: json });
    expectRefused(run, 'APP_EXTRA_CONFIG_JSON');
  });

  it('accepts any valid JSON the app may read, and config.json parses to the same values', () => {
    const extra = {
      moneyUnit: 'reais',
      printedNameMaxLength: 24,
      ratio: -1.5e3,
      small: 0.25,
      flags: [true, false, null, [], {}],
      domains: {
        sexo: [{ value: 'M', label: { 'pt-BR': 'Masc. "A" \\ / \u00e9 \u2028 😀', en: 'Male\ttab' } }],
      },
    };
    const json = `\n {\t"moneyUnit" : "reais",\r\n${JSON.stringify(extra).slice(1)}  \n`.replace(
      '"moneyUnit":"reais",',
      '',
    );
    const run = runStart({ ...minimal, APP_EXTRA_CONFIG_JSON: json });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.read('config.json'))).toEqual({
      mode: 'provider',
      baseUrl: minimal.APP_BASE_URL,
      accountsBaseUrl: minimal.APP_ACCOUNTS_BASE_URL,
      environmentName: 'Produção',
      ...extra,
    });
  });

  it('a configuration full of `<` is stamped into every frame in one pass; one over 64 KiB is refused', () => {
    // 64,000 of them took 24.5 s to 88 s (a copy of the rest of the text for each `<`, in each of the
    // nine frames): past a liveness probe, so the pod never started.
    const lots = `{"note": "${'<'.repeat(64_000)}"}`;
    const startedAt = performance.now();
    const run = runStart({ ...minimal, APP_EXTRA_CONFIG_JSON: lots });
    const took = performance.now() - startedAt;
    expect(run.status, run.stderr).toBe(0);
    expect(run.read('first-frames/entrar.html')).toContain(`"note": "${'\\u003c'.repeat(64_000)}"`);
    expect(took).toBeLessThan(5_000);
    // 12 bytes of braces, name and quotes: 65,536 bytes in all pass, one more is refused.
    const atTheBound = `{"note": "${'x'.repeat(65_536 - 12)}"}`;
    expect(runStart({ ...minimal, APP_EXTRA_CONFIG_JSON: atTheBound }).status).toBe(0);
    const over = atTheBound.replace('x', 'xx');
    const refused = runStart({ ...minimal, APP_EXTRA_CONFIG_JSON: over });
    expectRefused(refused, 'APP_EXTRA_CONFIG_JSON');
    expect(refused.stderr).toContain('must be at most 65536 bytes (got 65537 bytes)');
  });

  it('accepts an empty object', () => {
    const run = runStart({ ...minimal, APP_EXTRA_CONFIG_JSON: ' {} ' });
    expect(run.status, run.stderr).toBe(0);
    expect(Object.keys(JSON.parse(run.read('config.json')) as object)).toEqual([
      'mode',
      'baseUrl',
      'accountsBaseUrl',
      'environmentName',
    ]);
  });

  it.each([
    // Top-level names of different lengths: no one-character mutation makes two of them equal.
    '{"moneyUnit": "reais", "domains": {"sexo": [{"value": "M", "label": "x\\u00e9"}]}, "number": -1.5e+3, "flags": [true, null]}',
    '{"list":[0,-0.5,1E-2,{"b":{}},[],"\\"\\\\\\/\\b\\f\\n\\r\\t\\uD83D\\ude00"],"truth":false,"decimal":12.5e7}',
  ])('deploy/check-json.awk agrees with JSON.parse on every one-character mutation of %s', (valid) => {
    // Deterministic: at every character, delete it, double it, or replace it with each of these.
    const replacements = '"\\}]{[,:\n\t e0123-+.xuEaftn/é'.split('');
    const mutations = new Set<string>([valid]);
    for (let at = 0; at < valid.length; at++) {
      mutations.add(valid.slice(0, at) + valid.slice(at + 1));
      mutations.add(valid.slice(0, at) + valid.charAt(at) + valid.slice(at));
      for (const replacement of replacements) {
        mutations.add(valid.slice(0, at) + replacement + valid.slice(at + 1));
      }
    }
    const texts = [...mutations];
    const answers = checkJsonMany(texts);
    const disagreements: string[] = [];
    texts.forEach((json, index) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(json);
      } catch {
        parsed = undefined;
      }
      // An object whose member names are plain names (other names are refused on purpose).
      const expected =
        parsed !== null &&
        typeof parsed === 'object' &&
        !Array.isArray(parsed) &&
        Object.keys(parsed).every((key) => /^[A-Za-z][A-Za-z0-9]*$/.test(key));
      const answer = answers[index] ?? { fault: 'no answer' };
      if ('members' in answer !== expected) {
        disagreements.push(
          `${expected ? 'refused' : 'accepted'} ${JSON.stringify(json)}: ${JSON.stringify(answer)}`,
        );
      } else if ('members' in answer) {
        // What start.sh would add to config.json reads back as the same values.
        expect(JSON.parse(`{${answer.members}}`)).toEqual(parsed);
      }
    });
    expect(disagreements).toEqual([]);
    expect(mutations.size).toBeGreaterThan(2000);
  });
});

describe('gateway mode: APP_PROVIDER_UPSTREAM, APP_ACCOUNTS_UPSTREAM and their companions', () => {
  const gateway = {
    APP_PROVIDER_UPSTREAM: 'https://cards.provider.example/api',
    APP_ACCOUNTS_UPSTREAM: 'https://accounts.provider.example:8443',
  };
  const loopbackGateway = {
    APP_PROVIDER_UPSTREAM: 'https://localhost:9443/api',
    APP_ACCOUNTS_UPSTREAM: 'https://127.0.0.1:9444',
    // nginx -t opens the logs; /dev/stdout is no device under the test runner.
    APP_ACCESS_LOG: '/dev/null',
  };
  const nginxTest = (run: StartRun) =>
    spawnSync(
      nginxBinary(),
      ['-t', '-q', '-p', run.runtimeDir, '-c', join(run.runtimeDir, 'nginx.conf'), '-e', 'stderr'],
      { encoding: 'utf8' },
    );

  it('serves both base URLs on this origin: config.json says /api and /accounts, connect-src only self', () => {
    const run = runStart({ ...gateway, APP_REQUEST_TIMEOUT_MS: '4000' });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.read('config.json'))).toMatchObject({
      baseUrl: '/api',
      accountsBaseUrl: '/accounts',
    });
    expect(directiveOf(cspOf(run.read('security-headers.conf')), 'connect-src')).toBe("'self'");
    const upstreams = run.read('gateway-http.conf');
    expect(upstreams).toContain('upstream cartoes_provider {\n  server cards.provider.example:443;\n');
    expect(upstreams).toContain('upstream cartoes_accounts {\n  server accounts.provider.example:8443;\n');
    // The app's server sends each request to the provider side (a socket in the runtime directory),
    // which sends it to the provider and judges the answer (njs: gateway-answer.njs, copied beside it).
    expect(upstreams).toContain(
      `upstream cartoes_gateway_upstream {\n  server unix:${run.runtimeDir}/gateway.sock;\n}`,
    );
    expect(upstreams).toContain(
      `server {\n  listen unix:${run.runtimeDir}/gateway.sock;\n  include gateway-upstream.conf;\n}`,
    );
    expect(upstreams).toContain(`js_import cartoes_answer from ${run.runtimeDir}/gateway-answer.njs;`);
    expect(run.read('gateway-answer.njs')).toBe(
      readFileSync(join(repositoryRoot, 'deploy/nginx/gateway-answer.njs'), 'utf8'),
    );
    expect(run.read('gateway-modules.conf')).toContain(
      '\nload_module /usr/lib/nginx/modules/ngx_http_js_module.so;\n',
    );
    expect(run.read('nginx.conf')).toMatch(/^include gateway-modules\.conf;$/m);
    const locations = run.read('gateway-locations.conf');
    expect(locations).toContain('proxy_pass http://cartoes_gateway_upstream/api/;');
    expect(locations).toContain('proxy_pass http://cartoes_gateway_upstream/accounts/;');
    const upstreamSide = run.read('gateway-upstream.conf');
    expect(upstreamSide).toContain('proxy_pass https://cartoes_provider/api/;');
    expect(upstreamSide).toContain('proxy_set_header Host cards.provider.example;');
    expect(upstreamSide).toContain('proxy_ssl_name cards.provider.example;');
    expect(upstreamSide).toContain('proxy_pass https://cartoes_accounts/;');
    expect(upstreamSide).toContain('proxy_set_header Host accounts.provider.example:8443;');
    const proxy = run.read('gateway-proxy.conf');
    const upstreamProxy = run.read('gateway-upstream-proxy.conf');
    for (const conf of [proxy, upstreamProxy]) {
      expect(conf).toContain('proxy_buffering off;');
      expect(conf).toContain(
        'proxy_ignore_headers X-Accel-Redirect X-Accel-Expires X-Accel-Limit-Rate X-Accel-Buffering X-Accel-Charset;',
      );
    }
    expect(upstreamProxy).toContain('js_header_filter cartoes_answer.answer;');
    expect(upstreamProxy).toContain('proxy_set_header Accept "application/json";');
    // No error-log line about a request (it would hold the request line, a CPF): only emerg (every
    // worker connection in use is an `alert` with the request in it).
    expect(proxy).toContain('error_log stderr emerg;');
    expect(upstreamSide).toContain('error_log stderr emerg;');
    expect(run.read('gateway-answer.conf')).toContain('error_log stderr emerg;');
    expect(run.read('nginx.conf')).toContain('\n    error_log stderr crit;\n');
    expect(upstreamProxy).toContain('proxy_ssl_verify on;');
    expect(upstreamProxy).toContain('proxy_ssl_trusted_certificate /etc/ssl/certs/ca-certificates.crt;');
    expect(upstreamProxy).toContain('proxy_ssl_server_name on;');
    expect(upstreamProxy).toContain('proxy_ssl_protocols TLSv1.2 TLSv1.3;');
    // Never before the app's own time-out (4 s): a second more; the app's server waits for both.
    expect(upstreamProxy).toContain('proxy_read_timeout 5000ms;');
    expect(upstreamProxy).toContain('proxy_connect_timeout 5000ms;');
    expect(proxy).toContain('proxy_read_timeout 11000ms;');
    expect(run.read('gateway-rate-limit.conf')).not.toContain('limit_req ');
    // No readiness listener unless APP_PROBE_LISTEN says where.
    expect(run.read('gateway-probe.conf')).not.toContain('server {');
    for (const file of [
      'nginx.conf',
      'gateway-http.conf',
      'gateway-locations.conf',
      'gateway-proxy.conf',
      'gateway-upstream.conf',
      'gateway-upstream-proxy.conf',
    ]) {
      expect(run.read(file), file).not.toMatch(/\$\{APP_[A-Z_]+\}/);
    }
    // nginx resolves upstream names as it loads (no DNS here): the same files with loopback upstreams.
    const loopback = runStart({ ...loopbackGateway, APP_REQUEST_TIMEOUT_MS: '4000' });
    const test = nginxTest(loopback);
    expect(test.status, test.stderr).toBe(0);
  });

  it.each([
    [{}, '16000ms', '16000ms'],
    [{ APP_REQUEST_TIMEOUT_MS: '1000' }, '2000ms', '2000ms'],
    [{ APP_REQUEST_TIMEOUT_MS: '120000' }, '121000ms', '75000ms'],
  ])(
    'time-outs follow APP_REQUEST_TIMEOUT_MS %o (default 15 s): read %s, connect %s',
    (vars, read, connect) => {
      const run = runStart({ ...gateway, ...vars });
      expect(run.status, run.stderr).toBe(0);
      const proxy = run.read('gateway-upstream-proxy.conf');
      expect(proxy).toContain(`proxy_read_timeout ${read};`);
      expect(proxy).toContain(`proxy_send_timeout ${read};`);
      expect(proxy).toContain(`proxy_connect_timeout ${connect};`);
      // The app's server waits for the provider side past both (a connect, then a read, then 1 s).
      const both = `${Number.parseInt(read) + Number.parseInt(connect) + 1000}ms`;
      expect(run.read('gateway-proxy.conf')).toContain(`proxy_read_timeout ${both};`);
    },
  );

  it('a rate limit: the zone and its use, burst a second’s worth unless given', () => {
    const run = runStart({ ...gateway, APP_RATE_LIMIT_PER_SECOND: '20' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.read('gateway-rate-limit-zone.conf')).toContain(
      'limit_req_zone $binary_remote_addr zone=cartoes_gateway:10m rate=20r/s;',
    );
    expect(run.read('gateway-rate-limit.conf')).toContain('limit_req zone=cartoes_gateway burst=20 nodelay;');
    const withBurst = runStart({
      ...loopbackGateway,
      APP_RATE_LIMIT_PER_SECOND: '5',
      APP_RATE_LIMIT_BURST: '1',
    });
    expect(withBurst.read('gateway-rate-limit.conf')).toContain('burst=1 nodelay;');
    expect(nginxTest(withBurst).status).toBe(0);
  });

  it('http only to 127.0.0.1 or localhost (tests), with its port; a CA file of its own', () => {
    const ca = join(tempDir('cartoes-ca-'), 'provider-ca.pem');
    writeFileSync(ca, '');
    const run = runStart({
      APP_PROVIDER_UPSTREAM: 'http://127.0.0.1:4400/api',
      APP_ACCOUNTS_UPSTREAM: 'http://localhost/lanes/x/accounts',
      APP_UPSTREAM_CA_FILE: ca,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.read('gateway-http.conf')).toContain('server 127.0.0.1:4400;');
    expect(run.read('gateway-http.conf')).toContain('server localhost:80;');
    expect(run.read('gateway-upstream.conf')).toContain(
      'proxy_pass http://cartoes_accounts/lanes/x/accounts/;',
    );
    expect(run.read('gateway-upstream-proxy.conf')).toContain(`proxy_ssl_trusted_certificate ${ca};`);
  });

  it('not gateway mode: every gateway file is a comment, nothing proxied', () => {
    const run = runStart(minimal);
    expect(run.status, run.stderr).toBe(0);
    for (const file of [
      'gateway-modules.conf',
      'gateway-http.conf',
      'gateway-locations.conf',
      'gateway-proxy.conf',
      'gateway-answer.conf',
      'gateway-upstream.conf',
      'gateway-upstream-proxy.conf',
      'gateway-probe.conf',
      'gateway-security-headers.conf',
      'gateway-rate-limit-zone.conf',
      'gateway-rate-limit.conf',
    ]) {
      expect(
        run
          .read(file)
          .split('\n')
          .filter((line) => line !== '' && !line.startsWith('#')),
        file,
      ).toEqual([]);
    }
  });

  it('the readiness probe on a listener of its own (APP_PROBE_LISTEN), never the app’s port; nginx -t accepts it', () => {
    const run = runStart({ ...loopbackGateway, APP_PROBE_LISTEN: '127.0.0.1:9081' });
    expect(run.status, run.stderr).toBe(0);
    const probe = run.read('gateway-probe.conf');
    expect(probe).toContain('\n  listen 127.0.0.1:9081;\n');
    expect(probe).toContain('auth_request /__gateway/provider;');
    expect(probe).toContain('proxy_pass https://cartoes_provider/api/v1/products/;');
    expect(probe).toContain('error_log stderr emerg;');
    expect(run.read('gateway-locations.conf')).not.toContain('proxy_pass https://cartoes_provider');
    expect(nginxTest(run).status, nginxTest(run).stderr).toBe(0);
    for (const [vars, message] of [
      [{ APP_PROBE_LISTEN: '8080' }, /another port than APP_LISTEN/],
      [{ APP_LISTEN: '127.0.0.1:9090', APP_PROBE_LISTEN: '[::1]:9090' }, /another port than APP_LISTEN/],
      [{ APP_PROBE_LISTEN: '8081; listen 80' }, /must be a port/],
      [{ APP_PROBE_LISTEN: 'localhost:8081' }, /must be a port/],
    ] as const) {
      const refused = runStart({ ...gateway, ...vars });
      expectRefused(refused, 'APP_PROBE_LISTEN');
      expect(refused.stderr).toMatch(message);
    }
    const direct = runStart({ ...minimal, APP_PROBE_LISTEN: '8081' });
    expectRefused(direct, 'APP_PROBE_LISTEN');
    expect(direct.stderr).toMatch(/gateway mode only/);
  });

  it('gateway mode needs nginx’s njs module, and a runtime directory short enough for its socket', () => {
    const modules = tempDir('cartoes-modules-');
    const missing = runStart({ ...gateway, APP_NGINX_MODULES_DIR: modules });
    expect(missing.status).toBe(64);
    expect(missing.stderr).toContain(
      `gateway mode needs nginx's njs module, ${modules}/ngx_http_js_module.so (Debian: apt-get install libnginx-mod-http-js`,
    );
    expect(missing.wrote('nginx.conf')).toBe(false);
    writeFileSync(join(modules, 'ngx_http_js_module.so'), '');
    const found = runStart({ ...gateway, APP_NGINX_MODULES_DIR: modules });
    expect(found.status, found.stderr).toBe(0);
    expect(found.read('gateway-modules.conf')).toContain(`load_module ${modules}/ngx_http_js_module.so;`);
    expectRefused(runStart({ ...gateway, APP_NGINX_MODULES_DIR: 'modules' }), 'APP_NGINX_MODULES_DIR');
    const deep = join(tempDir('cartoes-deep-'), 'd'.repeat(90));
    const tooLong = runStart({ ...gateway, APP_RUNTIME_DIR: deep });
    expectRefused(tooLong, 'APP_RUNTIME_DIR');
    expect(tooLong.stderr).toMatch(/at most 90 bytes long in gateway mode/);
    // A socket an nginx killed left behind is removed: nginx would not bind over it.
    const again = runStart({ ...gateway, APP_RUNTIME_DIR: found.runtimeDir });
    writeFileSync(join(found.runtimeDir, 'gateway.sock'), '');
    const restarted = runStart({ ...gateway, APP_RUNTIME_DIR: again.runtimeDir });
    expect(restarted.status, restarted.stderr).toBe(0);
    expect(restarted.wrote('gateway.sock')).toBe(false);
  });

  it.each([
    [{ APP_PROVIDER_UPSTREAM: gateway.APP_PROVIDER_UPSTREAM }, 'APP_ACCOUNTS_UPSTREAM', /is required with/],
    [{ APP_ACCOUNTS_UPSTREAM: gateway.APP_ACCOUNTS_UPSTREAM }, 'APP_PROVIDER_UPSTREAM', /is required with/],
    [{ ...gateway, APP_BASE_URL: 'https://cards.provider.example/api' }, 'APP_BASE_URL', /must not be set/],
    [{ ...gateway, APP_ACCOUNTS_BASE_URL: '/accounts' }, 'APP_ACCOUNTS_BASE_URL', /must not be set/],
    [
      { ...minimal, APP_UPSTREAM_CA_FILE: '/etc/ssl/certs/ca-certificates.crt' },
      'APP_UPSTREAM_CA_FILE',
      /gateway mode only/,
    ],
    [{ ...minimal, APP_RATE_LIMIT_PER_SECOND: '10' }, 'APP_RATE_LIMIT_PER_SECOND', /gateway mode only/],
    [{ ...minimal, APP_RATE_LIMIT_BURST: '10' }, 'APP_RATE_LIMIT_BURST', /gateway mode only/],
    [{ ...gateway, APP_RATE_LIMIT_BURST: '10' }, 'APP_RATE_LIMIT_BURST', /needs APP_RATE_LIMIT_PER_SECOND/],
    [{ ...gateway, APP_RATE_LIMIT_PER_SECOND: '0' }, 'APP_RATE_LIMIT_PER_SECOND', /between 1 and 100000/],
    [{ ...gateway, APP_RATE_LIMIT_PER_SECOND: '10r/s' }, 'APP_RATE_LIMIT_PER_SECOND', /whole number/],
    [{ ...gateway, APP_RATE_LIMIT_PER_SECOND: '10;' }, 'APP_RATE_LIMIT_PER_SECOND', /whole number/],
    [
      { ...gateway, APP_RATE_LIMIT_PER_SECOND: '5', APP_RATE_LIMIT_BURST: '-1' },
      'APP_RATE_LIMIT_BURST',
      /whole number/,
    ],
    [
      { ...gateway, APP_RATE_LIMIT_PER_SECOND: '5', APP_RATE_LIMIT_BURST: '0' },
      'APP_RATE_LIMIT_BURST',
      /between 1 and 100000/,
    ],
    [
      { ...gateway, APP_UPSTREAM_CA_FILE: '/nonexistent/ca.pem' },
      'APP_UPSTREAM_CA_FILE',
      /not a readable file/,
    ],
    [
      { ...gateway, APP_UPSTREAM_CA_FILE: '/tmp/ca.pem; proxy_ssl_verify off' },
      'APP_UPSTREAM_CA_FILE',
      /may hold/,
    ],
    [{ ...gateway, APP_UPSTREAM_CA_FILE: 'ca.pem' }, 'APP_UPSTREAM_CA_FILE', /absolute path/],
    [{ ...minimal, APP_ERROR_LOG: '/tmp/e.log crit' }, 'APP_ERROR_LOG', /may hold/],
    [{ ...minimal, APP_ERROR_LOG: 'syslog:server=evil.example' }, 'APP_ERROR_LOG', /absolute path/],
  ])('refuses %o naming %s', (vars, variable, message) => {
    const run = runStart(vars);
    expectRefused(run, variable);
    expect(run.stderr).toMatch(message);
  });

  it.each([
    'http://cards.provider.example/api',
    'https://cards.provider.example/api/',
    'https://cards.provider.example/api?x=1',
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
    'ftp://cards.provider.example',
    '//cards.provider.example/api',
    '/api',
    'http://127.0.0.1:8080/api',
  ])('refuses APP_PROVIDER_UPSTREAM=%j (and in sandbox mode too)', (value) => {
    for (const mode of ['provider', 'sandbox']) {
      const run = runStart({ ...gateway, APP_MODE: mode, APP_PROVIDER_UPSTREAM: value });
      expectRefused(run, 'APP_PROVIDER_UPSTREAM');
      for (const file of ['gateway-http.conf', 'gateway-locations.conf']) expect(run.wrote(file)).toBe(false);
    }
  });

  it('refuses an accounts upstream that is this nginx itself (APP_LISTEN)', () => {
    const run = runStart({
      ...gateway,
      APP_LISTEN: '127.0.0.1:4590',
      APP_ACCOUNTS_UPSTREAM: 'http://localhost:4590',
    });
    expectRefused(run, 'APP_ACCOUNTS_UPSTREAM');
  });
});
