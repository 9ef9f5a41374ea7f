// @vitest-environment node
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountListResponseSchema } from '../../src/api/accounts/accounts-schema';

const root = join(import.meta.dirname, '../..');

/** Starts the CLI and resolves with its printed URLs once it is listening. */
function startCli(args: string[]) {
  // Node itself with tsx's loader, not the tsx CLI: the CLI relays a signal to its child and SIGKILLs it
  // (exit 143) when the child has not acknowledged within 30 ms, which a loaded machine misses.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev/sandbox.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<{ baseUrl: string; accountsBaseUrl: string }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const baseUrl = /^base_url: (\S+)$/m.exec(output)?.[1];
      const accountsBaseUrl = /^accounts_base_url: (\S+)$/m.exec(output)?.[1];
      if (baseUrl && accountsBaseUrl) resolve({ baseUrl, accountsBaseUrl });
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`sandbox exited with ${code}: ${output}`)));
  });
  return { child, ready, exited, output: () => output };
}

// Each test starts the CLI as its own process, once: about half a second on an idle machine (tsx compiles
// it; the server and, with --oidc only, the identity provider are loaded once the options are checked).
describe('scripts/dev/sandbox.ts', () => {
  it('prints both base URLs, serves them and stops cleanly on SIGTERM', async () => {
    const cli = startCli(['--port', '0', '--accounts', '12']);
    const { baseUrl, accountsBaseUrl } = await cli.ready;
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect(accountsBaseUrl).toBe(baseUrl.replace(/\/api$/, '/accounts'));
    const response = await fetch(`${accountsBaseUrl}/v1/account/get-all-accounts/`, {
      headers: { Authorization: 'Bearer sandbox-operator' },
    });
    const { accounts } = accountListResponseSchema.parse(await response.json());
    expect(accounts).toHaveLength(12);
    expect(accounts.filter((account) => account.isDefault)).toHaveLength(1);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toMatch(/SIGTERM, stopping/);
  });

  it('stops cleanly on SIGINT', async () => {
    const cli = startCli(['--port', '0']);
    await cli.ready;
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
  });

  it('with --oidc, starts a real OpenID Connect provider beside the sandbox', async () => {
    const cli = startCli(['--port', '0', '--oidc', '--oidc-port', '4556']);
    await cli.ready;
    expect(cli.output()).toMatch(/^oidc authority: http:\/\/127\.0\.0\.1:4556 /m);
    const discovery: unknown = await (
      await fetch('http://127.0.0.1:4556/.well-known/openid-configuration')
    ).json();
    expect(discovery).toMatchObject({
      issuer: 'http://127.0.0.1:4556',
      end_session_endpoint: 'http://127.0.0.1:4556/session/end',
      code_challenge_methods_supported: ['S256'],
    });
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('refuses a bad option value with exit code 2', async () => {
    const cli = startCli(['--port', 'abc']);
    await expect(cli.ready).rejects.toThrow(/--port expects a non-negative integer/);
    expect(await cli.exited).toBe(2);
  });

  it('answers with the chosen --profile, and serves every profile with --all-profiles', async () => {
    const cli = startCli(['--port', '0', '--profile', 'numeric-ids', '--all-profiles']);
    const { accountsBaseUrl } = await cli.ready;
    const read = async (url: string) =>
      accountListResponseSchema.parse(
        await (await fetch(url, { headers: { Authorization: 'Bearer sandbox-operator' } })).json(),
      ).accounts;
    expect((await read(`${accountsBaseUrl}/v1/account/get-all-accounts/`))[0]?.accountId).toBe('100001');
    const origin = accountsBaseUrl.replace(/\/accounts$/, '');
    const uuid = (await read(`${origin}/profiles/default/accounts/v1/account/get-all-accounts/`))[0]
      ?.accountId;
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    expect(cli.output()).toMatch(
      /config\.json keys for this profile: \{"virtualCardAccountField":"accountId"\}/,
    );
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('refuses an unknown --profile with exit code 2, naming the known ones', async () => {
    const unknown = startCli(['--port', '0', '--profile', 'nope']);
    await expect(unknown.ready).rejects.toThrow(/--profile: unknown profile "nope"; known: default/);
    expect(await unknown.exited).toBe(2);
  });
});
