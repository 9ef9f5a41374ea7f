import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageCommand } from '../image/run-image';

/**
 * deploy/start.sh run as the container runs it (sh, only the variables given), for the tests in
 * scripts/deploy/deploy-start*.test.ts. Each run gets its own runtime and HTML directories; `cleanUp` removes them.
 */

export const repositoryRoot = join(import.meta.dirname, '../..');
const dirs: string[] = [];

export function cleanUp() {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

export interface StartRun {
  status: number | null;
  stderr: string;
  runtimeDir: string;
  htmlDir: string;
  /** A file start.sh wrote into the runtime directory. */
  read: (name: string) => string;
  wrote: (name: string) => boolean;
}

/**
 * Runs deploy/start.sh with `vars` over a fresh runtime directory (an empty temporary one, unless `vars`
 * names APP_RUNTIME_DIR) and an HTML directory holding an index.html. `umask`: the umask it runs under
 * (octal, e.g. "077"), as a service manager may set it.
 */
export function runStart(
  vars: Record<string, string>,
  options: { cwd?: string; umask?: string } = {},
): StartRun {
  const runtimeDir = vars.APP_RUNTIME_DIR ?? tempDir('cartoes-start-');
  const htmlDir = tempDir('cartoes-html-');
  // The built index.html's head as far as start.sh reads it: the preload the configuration replaces.
  writeFileSync(
    join(htmlDir, 'index.html'),
    '<!doctype html>\n<head>\n    <link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" />\n</head>\n',
  );
  const given = { APP_RUNTIME_DIR: runtimeDir, APP_HTML_DIR: htmlDir, ...vars };
  const image = process.env.CARTOES_IMAGE_ROOTFS;
  const script = image ? '/opt/cartoes/deploy/start.sh' : join(repositoryRoot, 'deploy/start.sh');
  const args =
    options.umask === undefined ? [script] : ['-c', `umask ${options.umask} && exec sh "$0"`, script];
  // With CARTOES_IMAGE_ROOTFS: the image's start.sh with the image's sh, awk, sed and the rest (none
  // missing), as root there (these tests' directories are root's), its root read-only, /tmp the host's.
  const { program, args: command } = image
    ? imageCommand({
        rootfs: image,
        vars: given,
        command: ['/bin/sh', ...args],
        user: '0:0',
        cwd: options.cwd,
      })
    : { program: 'sh', args };
  const result = spawnSync(program, command, {
    // Only what is given: nothing of the developer's own APP_* variables leaks in.
    env: { PATH: process.env.PATH, ...(image ? {} : given) },
    cwd: image ? undefined : options.cwd,
    encoding: 'utf8',
  });
  return {
    status: result.status,
    stderr: result.stderr,
    runtimeDir,
    htmlDir,
    read: (name) => readFileSync(join(runtimeDir, name), 'utf8'),
    wrote: (name) => existsSync(join(runtimeDir, name)),
  };
}

/** The Content-Security-Policy that security-headers.conf sends. */
export function cspOf(headers: string): string {
  return /add_header Content-Security-Policy "([^"]*)" always;/.exec(headers)?.[1] ?? '';
}

/** One directive's value in a CSP ("connect-src" → "'self' https://…"). */
export function directiveOf(csp: string, name: string): string | undefined {
  for (const part of csp.split(';')) {
    const [directive = '', ...values] = part.trim().split(/\s+/);
    if (directive === name) return values.join(' ');
  }
  return undefined;
}

/** The nginx binary, as scripts/dev/serve-nginx.ts finds it. */
export function nginxBinary(): string {
  if (process.env.NGINX_BIN) return process.env.NGINX_BIN;
  const onPath = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  return onPath === '' ? '/usr/sbin/nginx' : onPath;
}

export const minimal = {
  APP_BASE_URL: 'https://cards.provider.example/api',
  APP_ACCOUNTS_BASE_URL: 'https://accounts.provider.example',
};

/**
 * deploy/check-json.awk's json_check on many texts in one awk run ("extra" mode, no owned keys): for each,
 * the members it would add to config.json, or its fault. Texts must not hold the byte 0x1e (the record
 * separator here).
 */
export function checkJsonMany(texts: string[]): Array<{ members: string } | { fault: string }> {
  const driver = join(tempDir('cartoes-json-'), 'many.awk');
  writeFileSync(
    driver,
    `BEGIN { RS = "\\036"; ORS = "\\036" }
     { if (json_check($0, "extra") == "") print "ok\\t" json_members; else print "no\\t" json_error }`,
  );
  const result = spawnSync('awk', ['-f', join(repositoryRoot, 'deploy/check-json.awk'), '-f', driver], {
    env: { PATH: process.env.PATH, LC_ALL: 'C' },
    input: texts.join('\u001e'),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`awk failed: ${result.stderr}`);
  const answers = result.stdout.split('\u001e').slice(0, -1);
  if (answers.length !== texts.length) throw new Error(`${answers.length} answers for ${texts.length} texts`);
  return answers.map((answer) =>
    answer.startsWith('ok\t') ? { members: answer.slice(3) } : { fault: answer.slice(3) },
  );
}
