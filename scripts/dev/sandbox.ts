/**
 * Runs the sandbox as an HTTP server: `npm run sandbox -- --port 4400 [--accounts 10000]
 * [--decision-delay-ms 30000] [--seed-analyses 1000] [--status-delay-ms 50] [--profile default]
 * [--all-profiles] [--lanes] [--oidc]`. Prints the two base URLs the
 * app's config needs, and the config keys the chosen profile's readings call for.
 *
 * `--oidc` also starts the test OpenID Connect provider (scripts/dev/oidc-idp.ts) on `--oidc-port` (4401) for
 * the app origins given with `--app-origin` (repeatable; default the dev and preview servers), and makes
 * the sandbox accept its access tokens (verified against its JWKS). `--oidc-test-switches` (the end-to-end
 * suite only) lets tests make its next ID tokens wrong on purpose (scripts/dev/oidc-idp.ts).
 */
import { parseArgs } from 'node:util';
import type { ExternalTokenVerifier } from '../../src/sandbox/store-options';
import { isSandboxProfileName, sandboxProfile, sandboxProfileNames } from '../../src/sandbox/profiles';
import { sandboxTokens } from '../../src/sandbox/tokens';
import type { IdentityProvider } from './oidc-idp';
// The server (MSW) and the identity provider (oidc-provider, Koa) are imported below, once every option
// has been checked, the provider only with --oidc: a wrong option is refused without loading either, and
// a sandbox without --oidc starts without the provider (about half a second of start-up).

function integerOption(
  name: string,
  value: string | undefined,
  fallback: number | undefined,
): number | undefined {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    process.stderr.write(`--${name} expects a non-negative integer, got "${value}"\n`);
    process.exit(2);
  }
  return parsed;
}

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4400' },
    accounts: { type: 'string' },
    'decision-delay-ms': { type: 'string' },
    'seed-analyses': { type: 'string' },
    'status-delay-ms': { type: 'string' },
    oidc: { type: 'boolean', default: false },
    'oidc-port': { type: 'string', default: '4401' },
    'oidc-token-ttl': { type: 'string', default: '60' },
    'app-origin': { type: 'string', multiple: true },
    'oidc-test-switches': { type: 'boolean', default: false },
    profile: { type: 'string', default: 'default' },
    'all-profiles': { type: 'boolean', default: false },
    lanes: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});

if (values.help) {
  process.stdout.write(
    [
      'usage: tsx scripts/dev/sandbox.ts [--port 4400] [--accounts 30] [--decision-delay-ms 30000]',
      '                              [--seed-analyses 0] [--status-delay-ms 0]',
      '                              [--profile default] [--all-profiles]',
      '',
      '--seed-analyses N seeds N more CPFs with analyses (valid check digits, the same on every run).',
      '--status-delay-ms N answers every status lookup N ms late.',
      '',
      'profiles (docs/sandbox.md):',
      ...sandboxProfileNames.map((name) => `  ${name.padEnd(12)} ${sandboxProfile(name).description}`),
      '',
      '--all-profiles also serves every profile under /profiles/<name>/ (api, accounts, __sandbox).',
      '--lanes also serves a store like the root one under /lanes/<name>/ (and, with --all-profiles, a',
      "         profile's under /profiles/<profile>/lanes/<name>/), made by the first request that names it.",
      '',
    ].join('\n'),
  );
  process.exit(0);
}

if (!isSandboxProfileName(values.profile)) {
  process.stderr.write(
    `--profile: unknown profile "${values.profile}"; known: ${sandboxProfileNames.join(', ')}\n`,
  );
  process.exit(2);
}
const profile = sandboxProfile(values.profile);

const accountCount = integerOption('accounts', values.accounts, undefined);
const decisionDelayMs = integerOption('decision-delay-ms', values['decision-delay-ms'], undefined);
const seedAnalyses = integerOption('seed-analyses', values['seed-analyses'], undefined);
const statusDelayMs = integerOption('status-delay-ms', values['status-delay-ms'], undefined);
const port = integerOption('port', values.port, 4400) ?? 4400;
const oidcOptions = values.oidc
  ? {
      port: integerOption('oidc-port', values['oidc-port'], 4401) ?? 4401,
      accessTokenTtlSeconds: integerOption('oidc-token-ttl', values['oidc-token-ttl'], 60) ?? 60,
    }
  : null;

let idp: IdentityProvider | null = null;
let oidcTexts: { clientId: string; scope: string } | null = null;
let verifyExternalToken: ExternalTokenVerifier | undefined;
if (oidcOptions) {
  const appOrigins = values['app-origin'] ?? ['http://127.0.0.1:5173', 'http://127.0.0.1:4173'];
  const [{ API_RESOURCE, OIDC_CLIENT_ID, OIDC_SCOPE, startIdentityProvider }, { createOidcTokenVerifier }] =
    await Promise.all([import('./oidc-idp'), import('../../src/sandbox/oidc-tokens')]);
  oidcTexts = { clientId: OIDC_CLIENT_ID, scope: OIDC_SCOPE };
  idp = await startIdentityProvider({
    ...oidcOptions,
    appOrigins,
    testSwitches: values['oidc-test-switches'],
  }).catch((error: unknown) => {
    process.stderr.write(
      `sandbox: the identity provider could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
  verifyExternalToken = createOidcTokenVerifier({ issuer: idp.issuer, audience: API_RESOURCE });
}

const { startSandboxHttpServer } = await import('../../src/sandbox/http-server');
const sandbox = await startSandboxHttpServer({
  port,
  profile: profile.name,
  mountProfiles: values['all-profiles'],
  lanes: values.lanes,
  ...(accountCount === undefined ? {} : { accountCount }),
  ...(decisionDelayMs === undefined ? {} : { decisionDelayMs }),
  ...(seedAnalyses === undefined ? {} : { seedAnalyses }),
  ...(statusDelayMs === undefined ? {} : { statusDelayMs }),
  ...(verifyExternalToken ? { verifyExternalToken } : {}),
}).catch((error: unknown) => {
  process.stderr.write(
    `sandbox: could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});

// Before the URLs are printed: whoever waits for them may signal at once.
let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`sandbox: ${signal}, stopping\n`);
  await sandbox.close();
  await idp?.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

process.stdout.write(
  [
    `base_url: ${sandbox.baseUrl}`,
    `accounts_base_url: ${sandbox.accountsBaseUrl}`,
    `control: ${sandbox.origin}/__sandbox/ (reset, faults, stats, tokens, advance-clock)`,
    `tokens: ${Object.values(sandboxTokens).join(', ')}`,
    `accounts: ${sandbox.store.accountCount}`,
    ...(sandbox.store.seedAnalyses > 0
      ? [
          `seeded CPFs with analyses: ${sandbox.store.seedAnalyses} more (seededAnalysisCpfs in src/sandbox/seed.ts)`,
        ]
      : []),
    ...(sandbox.store.statusDelayMs > 0
      ? [`status lookups answer ${sandbox.store.statusDelayMs} ms late`]
      : []),
    ...(idp && oidcTexts
      ? [
          `oidc authority: ${idp.issuer} (client_id ${oidcTexts.clientId}, users: operator, analyst, any password)`,
          `oidc scope: ${oidcTexts.scope}`,
        ]
      : []),
    `profile: ${profile.name} (${profile.description})`,
    `config.json keys for this profile: ${JSON.stringify(profile.appConfig)}`,
    ...(values['all-profiles']
      ? [`also: ${sandbox.origin}/profiles/<${sandboxProfileNames.join('|')}>/`]
      : []),
    ...(values.lanes
      ? [
          `lanes: ${sandbox.origin}/lanes/<name>/${values['all-profiles'] ? ` and ${sandbox.origin}/profiles/<profile>/lanes/<name>/` : ''}`,
        ]
      : []),
    '',
  ].join('\n'),
);
