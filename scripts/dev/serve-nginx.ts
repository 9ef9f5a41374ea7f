/**
 * `npm run serve:nginx -- --port N [--dist dist] [--sandbox http://127.0.0.1:4400 | --gateway http://127.0.0.1:4400]
 *                        [--access-log FILE] [--error-log FILE]`
 *
 * Serves a production build with the SAME files a deployment uses (deploy/start.sh, deploy/check-json.awk
 * and deploy/nginx/nginx.conf.template) on this machine's nginx: a temporary prefix directory, no root needed,
 * nginx in the foreground; Ctrl-C (or SIGTERM) stops it and removes the directory.
 *
 * The app's configuration comes from the environment exactly as in the container (APP_BASE_URL,
 * APP_ACCOUNTS_BASE_URL, ...: docs/deployment.md). `--sandbox URL` is a shortcut for the HTTP sandbox
 * (`npm run sandbox`): sandbox mode, no worker, `{base_url}` = URL/api, `{accounts_base_url}` = URL/accounts.
 * `--gateway URL` is the same sandbox through gateway mode: nginx proxies /api/ to URL/api and /accounts/
 * to URL/accounts (APP_PROVIDER_UPSTREAM, APP_ACCOUNTS_UPSTREAM; plain http, allowed on loopback only),
 * with nginx's njs module (Debian: apt-get install libnginx-mod-http-js), which start.sh requires there.
 * The access log goes into the temporary directory, or to `--access-log FILE`; the error log to stderr, or
 * to `--error-log FILE` (each emptied first: the end-to-end tests read what this run logged).
 * The nginx binary: NGINX_BIN, else nginx on the PATH, else /usr/sbin/nginx (Debian).
 * With CARTOES_IMAGE_ROOTFS (the image unpacked by scripts/image/unpack.ts), start.sh and nginx are the
 * image's, run as its user with its root read-only (scripts/image/run-image.ts); --dist is then unused.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { imageCommand, imageEnv, readImageConfig } from '../image/run-image';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    dist: { type: 'string', default: 'dist' },
    sandbox: { type: 'string' },
    'access-log': { type: 'string' },
    gateway: { type: 'string' },
    'error-log': { type: 'string' },
  },
});
if (values.sandbox && values.gateway) {
  console.error('serve:nginx: --sandbox and --gateway are two ways to reach the sandbox: one of them');
  process.exit(64);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error('serve:nginx: --port N is required (1-65535)');
  process.exit(64);
}
const dist = path.resolve(values.dist);
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`serve:nginx: ${dist} has no index.html; run npm run build first`);
  process.exit(64);
}

function nginxBinary(): string {
  if (process.env.NGINX_BIN) return process.env.NGINX_BIN;
  const onPath = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (onPath !== '') return onPath;
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  console.error('serve:nginx: no nginx found (Debian: apt-get install nginx-light, or set NGINX_BIN)');
  process.exit(69);
}

const runtimeDir = mkdtempSync(path.join(tmpdir(), `cartoes-nginx-${port}-`));
// Empty and ours, so start.sh takes it; readable by nginx's workers, which may run as another user than a
// root master (mkdtemp makes it 0700, and start.sh leaves an existing directory's mode alone).
chmodSync(runtimeDir, 0o755);
const accessLog = values['access-log'] ? path.resolve(values['access-log']) : undefined;
if (accessLog) writeFileSync(accessLog, '');
const errorLog = values['error-log'] ? path.resolve(values['error-log']) : undefined;
if (errorLog) writeFileSync(errorLog, '');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  APP_RUNTIME_DIR: runtimeDir,
  APP_HTML_DIR: dist,
  APP_LISTEN: `${values.host}:${port}`,
  // nginx cannot open /dev/stdout when stdout is a pipe or socket (as under Playwright): a file of its own.
  APP_ACCESS_LOG: accessLog ?? process.env.APP_ACCESS_LOG ?? path.join(runtimeDir, 'access.log'),
  ...(errorLog ? { APP_ERROR_LOG: errorLog } : {}),
};
if (values.sandbox) {
  const sandbox = values.sandbox.replace(/\/+$/, '');
  Object.assign(env, {
    APP_MODE: 'sandbox',
    APP_SANDBOX_WORKER: 'false',
    APP_BASE_URL: `${sandbox}/api`,
    APP_ACCOUNTS_BASE_URL: `${sandbox}/accounts`,
    APP_ENVIRONMENT_NAME: env.APP_ENVIRONMENT_NAME ?? 'nginx',
  });
}
if (values.gateway) {
  const sandbox = values.gateway.replace(/\/+$/, '');
  // In gateway mode config.json's base URLs are /api and /accounts: none may come from the environment.
  delete env.APP_BASE_URL;
  delete env.APP_ACCOUNTS_BASE_URL;
  Object.assign(env, {
    APP_MODE: 'sandbox',
    APP_SANDBOX_WORKER: 'false',
    APP_PROVIDER_UPSTREAM: `${sandbox}/api`,
    APP_ACCOUNTS_UPSTREAM: `${sandbox}/accounts`,
    APP_ENVIRONMENT_NAME: env.APP_ENVIRONMENT_NAME ?? 'nginx gateway',
  });
}

function cleanUp() {
  rmSync(runtimeDir, { recursive: true, force: true });
}

const imageRootfs = process.env.CARTOES_IMAGE_ROOTFS;
function imageSpawn(rootfs: string) {
  const config = readImageConfig(rootfs);
  const [uid = 0, gid = 0] = config.User.split(':').map(Number);
  // As Kubernetes makes an emptyDir; the log files this run reads are the image's user's.
  chmodSync(runtimeDir, 0o777);
  for (const file of [accessLog, errorLog]) if (file) chownSync(file, uid, gid);
  // What this run hands to the image's user (logs, a CA bundle in a test's temporary directory), as a
  // volume would: the directory searchable, the CA bundle readable.
  for (const file of [accessLog, errorLog, env.APP_UPSTREAM_CA_FILE]) {
    if (!file?.startsWith(`${tmpdir()}/`)) continue;
    chmodSync(path.dirname(file), statSync(path.dirname(file)).mode | 0o111);
    if (file === env.APP_UPSTREAM_CA_FILE) chmodSync(file, statSync(file).mode | 0o444);
  }
  const vars = Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[0].startsWith('APP_') && entry[1] !== undefined,
    ),
  );
  const inImage = imageEnv(config).APP_RUNTIME_DIR ?? '';
  Object.assign(vars, { APP_RUNTIME_DIR: inImage, APP_ACCESS_LOG: accessLog ?? `${inImage}/access.log` });
  delete vars.APP_HTML_DIR;
  const { program, args } = imageCommand({ rootfs, runtimeDir, vars });
  // Pipes, as a container runtime gives (run-image.ts makes them the image user's), relayed here.
  const image = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  image.stdout.pipe(process.stdout);
  image.stderr.pipe(process.stderr);
  return image;
}

const child = imageRootfs
  ? imageSpawn(imageRootfs)
  : spawn(
      'sh',
      [
        path.resolve('deploy/start.sh'),
        nginxBinary(),
        '-p',
        runtimeDir,
        '-c',
        path.join(runtimeDir, 'nginx.conf'),
        '-e',
        'stderr',
        '-g',
        'daemon off;',
      ],
      { env, stdio: 'inherit' },
    );
console.error(
  `serve:nginx: http://${values.host}:${port}/ (${imageRootfs ? `image ${imageRootfs}` : `dist ${dist}`}, prefix ${runtimeDir})`,
);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  // SIGQUIT is nginx's graceful shutdown (finishes open requests); SIGTERM would also do, abruptly.
  if (child.exitCode === null) child.kill('SIGQUIT');
  // A last resort, should nginx hang on a long-lived connection.
  setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
