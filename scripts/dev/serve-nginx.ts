/**
 * `npm run serve:nginx -- --port N [--dist dist] [--sandbox URL | --gateway URL]
 *                        [--config FILE | --config-json TEXT] [--deploy FILE | --deploy-json TEXT]
 *                        [--access-log FILE] [--error-log FILE]`
 *
 * Serves a production build with the SAME files a deployment uses, on this machine's nginx: the renderer
 * (scripts/deploy/render.ts, in-process) writes every file nginx reads into a temporary directory, and
 * nginx runs from it in the foreground; Ctrl-C (or SIGTERM) stops it and removes the directory.
 *
 * The app's configuration is a config.json (--config, default dist/config.json) and nginx's a deployment
 * document (--deploy; docs/deployment.md): where it listens, its logs and directories are this run's.
 * `--sandbox URL` points the app at the HTTP sandbox (`npm run sandbox`): sandbox mode, no worker,
 * `{base_url}` = URL/api, `{accounts_base_url}` = URL/accounts. `--gateway URL` is the same sandbox through
 * gateway mode: nginx proxies /api/ to URL/api and /accounts/ to URL/accounts (plain http, allowed on
 * loopback only), with nginx's njs module (Debian: apt-get install libnginx-mod-http-js). With either, the
 * members of --config/--config-json and --deploy/--deploy-json are laid over what they set (`gateway`'s
 * one level down). The access log goes into the temporary directory, or to `--access-log FILE`; the
 * error log to stderr, or to `--error-log FILE` (each emptied first: the end-to-end tests read them).
 * The nginx binary: NGINX_BIN, else nginx on the PATH, else /usr/sbin/nginx (Debian).
 * With CARTOES_IMAGE_ROOTFS (the image unpacked by scripts/image/unpack.ts), nginx and the build are the
 * image's, run as its user with its root read-only and the rendered files mounted read-only where the
 * pod mounts its ConfigMap (scripts/image/run-image.ts); --dist then only names the build's config.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RenderError, render } from '../deploy/render';
import { imageCommand, readImageConfig } from '../image/run-image';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    dist: { type: 'string', default: 'dist' },
    sandbox: { type: 'string' },
    gateway: { type: 'string' },
    config: { type: 'string' },
    'config-json': { type: 'string' },
    deploy: { type: 'string' },
    'deploy-json': { type: 'string' },
    'access-log': { type: 'string' },
    'error-log': { type: 'string' },
  },
});
function usage(message: string): never {
  console.error(`serve:nginx: ${message}`);
  process.exit(64);
}
if (values.sandbox && values.gateway)
  usage('--sandbox and --gateway are two ways to reach the sandbox: one of them');

const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65_535) usage('--port N is required (1-65535)');
const dist = path.resolve(values.dist);
if (!existsSync(path.join(dist, 'index.html'))) usage(`${dist} has no index.html; run npm run build first`);

function nginxBinary(): string {
  if (process.env.NGINX_BIN) return process.env.NGINX_BIN;
  const onPath = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (onPath !== '') return onPath;
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  console.error('serve:nginx: no nginx found (Debian: apt-get install nginx-light, or set NGINX_BIN)');
  process.exit(69);
}

type Json = Record<string, unknown>;
function jsonObject(text: string, what: string): Json {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    usage(`${what} must be a JSON object`);
  return value as Json;
}
function documentOf(file: string | undefined, text: string | undefined, what: string): Json {
  if (file && text) usage(`--${what} and --${what}-json are two ways to give one document: one of them`);
  if (file) return jsonObject(readFileSync(file, 'utf8'), `--${what}`);
  return text ? jsonObject(text, `--${what}-json`) : {};
}
const givenConfig = documentOf(values.config, values['config-json'], 'config');
const givenDeploy = documentOf(values.deploy, values['deploy-json'], 'deploy');
const sandbox = (values.sandbox ?? values.gateway)?.replace(/\/+$/, '');

let config: Json;
let deploy: Json = givenDeploy;
if (values.sandbox) {
  config = {
    mode: 'sandbox',
    sandboxWorker: false,
    baseUrl: `${sandbox}/api`,
    accountsBaseUrl: `${sandbox}/accounts`,
    environmentName: 'nginx',
    ...givenConfig,
  };
} else if (values.gateway) {
  config = {
    mode: 'sandbox',
    sandboxWorker: false,
    baseUrl: '/api',
    accountsBaseUrl: '/accounts',
    environmentName: 'nginx gateway',
    ...givenConfig,
  };
  deploy = {
    ...givenDeploy,
    gateway: {
      provider: `${sandbox}/api`,
      accounts: `${sandbox}/accounts`,
      ...(givenDeploy.gateway as Json | undefined),
    },
  };
} else {
  config =
    values.config || values['config-json']
      ? givenConfig
      : jsonObject(readFileSync(path.join(dist, 'config.json'), 'utf8'), 'dist/config.json');
}

const runtimeDir = mkdtempSync(path.join(tmpdir(), `cartoes-nginx-${port}-`));
// Readable by nginx's workers, which may run as another user than a root master (mkdtemp makes it 0700).
chmodSync(runtimeDir, 0o755);
const configDir = path.join(runtimeDir, 'config');
const stateDir = path.join(runtimeDir, 'state');
mkdirSync(configDir);
mkdirSync(stateDir);
const accessLog = values['access-log'] ? path.resolve(values['access-log']) : undefined;
if (accessLog) writeFileSync(accessLog, '');
const errorLog = values['error-log'] ? path.resolve(values['error-log']) : undefined;
if (errorLog) writeFileSync(errorLog, '');

const imageRootfs = process.env.CARTOES_IMAGE_ROOTFS;
/** Where the pod mounts the rendered files (deploy/kubernetes/deployment.yaml) and nginx writes. */
const IMAGE_CONFIG_DIR = '/etc/nginx/cartoes';
const inImage = imageRootfs !== undefined;
const thisRun: Json = {
  listen: `${values.host}:${port}`,
  htmlDir: inImage ? '/usr/share/nginx/html' : dist,
  configDir: inImage ? IMAGE_CONFIG_DIR : configDir,
  // The image's /tmp is this machine's (run-image.ts): a directory of this run's in it.
  stateDir,
  accessLog: accessLog ?? path.join(runtimeDir, 'access.log'),
  ...(errorLog ? { errorLog } : {}),
};
try {
  const files = render(config, { ...deploy, ...thisRun });
  for (const [name, text] of Object.entries(files))
    writeFileSync(path.join(configDir, name), text, { mode: 0o644 });
} catch (error) {
  rmSync(runtimeDir, { recursive: true, force: true });
  if (error instanceof RenderError) usage(error.message);
  throw error;
}

function cleanUp() {
  rmSync(runtimeDir, { recursive: true, force: true });
}

function imageSpawn(rootfs: string) {
  const image = readImageConfig(rootfs);
  const [uid = 0, gid = 0] = image.User.split(':').map(Number);
  // What nginx writes (its state directory, the log files this run reads) is the image's user's, as an
  // emptyDir and the pod's standard output are.
  chmodSync(runtimeDir, 0o755);
  chownSync(stateDir, uid, gid);
  const ownAccessLog = path.join(runtimeDir, 'access.log');
  if (!accessLog) writeFileSync(ownAccessLog, '');
  for (const file of [accessLog ?? ownAccessLog, errorLog]) if (file) chownSync(file, uid, gid);
  // What this run hands to the image's user (logs, a CA bundle in a test's temporary directory), as a
  // volume would: the directory searchable, the CA bundle readable.
  const caFile = (deploy.gateway as Json | undefined)?.caFile;
  for (const file of [accessLog, errorLog, typeof caFile === 'string' ? caFile : undefined]) {
    if (!file?.startsWith(`${tmpdir()}/`)) continue;
    chmodSync(path.dirname(file), statSync(path.dirname(file)).mode | 0o111);
    if (file === caFile) chmodSync(file, statSync(file).mode | 0o444);
  }
  const { program, args } = imageCommand({ rootfs, configDir, configTarget: IMAGE_CONFIG_DIR });
  // Pipes, as a container runtime gives (run-image.ts makes them the image user's), relayed here.
  const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(process.stdout);
  child.stderr.pipe(process.stderr);
  return child;
}

const child = imageRootfs
  ? imageSpawn(imageRootfs)
  : spawn(nginxBinary(), ['-e', 'stderr', '-c', path.join(configDir, 'nginx.conf')], { stdio: 'inherit' });
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
