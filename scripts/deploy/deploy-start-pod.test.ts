// @vitest-environment node
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, minimal, runStart, tempDir } from './run-deploy-start';

/**
 * deploy/start.sh in a pod and on a shared host: the worker count from the container's CPU limit (not
 * the node's CPUs), no write through a symbolic link planted in the runtime directory, no runtime
 * directory others may write into, and the gateway's client-address and in-flight settings checked.
 */

afterEach(cleanUp);

const gateway = {
  APP_PROVIDER_UPSTREAM: 'https://cards.provider.example/api',
  APP_ACCOUNTS_UPSTREAM: 'https://accounts.provider.example',
};

/** A cgroup directory of the test's own: cgroup v2's cpu.max, or v1's quota and period. */
function cgroup(files: Record<string, string>): string {
  const dir = tempDir('cartoes-cgroup-');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const workersOf = (nginxConf: string) => /^worker_processes (\S+);$/m.exec(nginxConf)?.[1];

describe('deploy/start.sh: worker processes', () => {
  it.each([
    ['a 1-CPU limit (cgroup v2)', { 'cpu.max': '100000 100000\n' }, '1'],
    ['1.5 CPUs, rounded up', { 'cpu.max': '150000 100000\n' }, '2'],
    ['a quarter of a CPU: still one worker', { 'cpu.max': '25000 100000\n' }, '1'],
    ['no limit (max): every CPU', { 'cpu.max': 'max 100000\n' }, 'auto'],
    [
      'a 2-CPU limit (cgroup v1)',
      { 'cpu/cpu.cfs_quota_us': '200000\n', 'cpu/cpu.cfs_period_us': '100000\n' },
      '2',
    ],
    [
      'no limit (cgroup v1, -1)',
      { 'cpu/cpu.cfs_quota_us': '-1\n', 'cpu/cpu.cfs_period_us': '100000\n' },
      'auto',
    ],
    ['a limit of 200 CPUs: capped at 64', { 'cpu.max': '20000000 100000\n' }, '64'],
    ['a cpu.max that is no pair of numbers', { 'cpu.max': 'garbage\n' }, 'auto'],
    ['no cgroup file', {}, 'auto'],
  ])('%s', (_, files, expected) => {
    const run = runStart({ ...minimal, APP_CGROUP_DIR: cgroup(files) });
    expect(run.status, run.stderr).toBe(0);
    expect(workersOf(run.read('nginx.conf'))).toBe(expected);
  });

  it('APP_WORKER_PROCESSES wins over the cgroup; a bad value is refused', () => {
    const dir = cgroup({ 'cpu.max': '400000 100000\n' });
    expect(
      workersOf(runStart({ ...minimal, APP_CGROUP_DIR: dir, APP_WORKER_PROCESSES: '3' }).read('nginx.conf')),
    ).toBe('3');
    expect(
      workersOf(
        runStart({ ...minimal, APP_CGROUP_DIR: dir, APP_WORKER_PROCESSES: 'auto' }).read('nginx.conf'),
      ),
    ).toBe('auto');
    for (const bad of ['0', '65', 'two', '2;', '1 1']) {
      const run = runStart({ ...minimal, APP_WORKER_PROCESSES: bad });
      expect(run.status, bad).toBe(64);
      expect(run.stderr, bad).toMatch(/APP_WORKER_PROCESSES must be/);
    }
  });
});

describe('deploy/start.sh: the runtime directory', () => {
  it('a FILE.tmp planted as a link to another file: the target is neither written nor chmod-ed', () => {
    const runtimeDir = tempDir('cartoes-start-');
    expect(runStart({ ...minimal, APP_RUNTIME_DIR: runtimeDir }).status).toBe(0);
    const victim = join(tempDir('cartoes-victim-'), 'precious');
    writeFileSync(victim, 'precious\n');
    chmodSync(victim, 0o600);
    for (const name of ['config.json.tmp', 'nginx.conf.tmp', 'security-headers.conf.tmp']) {
      symlinkSync(victim, join(runtimeDir, name));
    }
    const run = runStart({ ...minimal, APP_RUNTIME_DIR: runtimeDir });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(victim).mode & 0o777).toBe(0o600);
    expect(JSON.parse(run.read('config.json'))).toMatchObject({ baseUrl: minimal.APP_BASE_URL });
    expect(lstatSync(join(runtimeDir, 'config.json')).isSymbolicLink()).toBe(false);
  });

  it('a marker planted as a dangling link: refused, nothing created at its target', () => {
    const runtimeDir = tempDir('cartoes-start-');
    const target = join(tempDir('cartoes-victim-'), 'created-through-a-link');
    symlinkSync(target, join(runtimeDir, '.cartoes-runtime-dir'));
    const run = runStart({ ...minimal, APP_RUNTIME_DIR: runtimeDir });
    expect(() => lstatSync(target)).toThrow();
    expect(run.status).toBe(64);
  });

  it.each([
    ['777', 0],
    ['1777', 0],
    ['757', 0],
    ['775', 65534],
    ['770', 65534],
  ])('a runtime directory of mode %s, group %i (others may write) is refused', (mode, gid) => {
    const runtimeDir = tempDir('cartoes-start-');
    chmodSync(runtimeDir, parseInt(mode, 8));
    chownSync(runtimeDir, lstatSync(runtimeDir).uid, gid);
    const run = runStart({ ...minimal, APP_RUNTIME_DIR: runtimeDir });
    expect(run.status).toBe(64);
    expect(run.stderr).toMatch(
      /APP_RUNTIME_DIR must not be writable by others, nor by a group other than root/,
    );
    expect(run.wrote('config.json')).toBe(false);
  });

  it('group-writable by root’s group (the image’s 775 directory, for an arbitrary uid in group 0) is taken', () => {
    const runtimeDir = tempDir('cartoes-start-');
    chmodSync(runtimeDir, 0o775);
    chownSync(runtimeDir, lstatSync(runtimeDir).uid, 0);
    const run = runStart({ ...minimal, APP_RUNTIME_DIR: runtimeDir });
    expect(run.status, run.stderr).toBe(0);
  });

  it('inside a world-writable directory (a Kubernetes emptyDir), a runtime directory it creates is taken', () => {
    const emptyDir = tempDir('cartoes-emptydir-');
    chmodSync(emptyDir, 0o777);
    const runtimeDir = join(emptyDir, 'run');
    const run = runStart({ ...minimal, APP_RUNTIME_DIR: runtimeDir });
    expect(run.status, run.stderr).toBe(0);
    expect(lstatSync(runtimeDir).mode & 0o777).toBe(0o755);
  });
});

describe('deploy/start.sh: the gateway’s client settings', () => {
  it('APP_TRUSTED_PROXIES becomes set_real_ip_from, one hop from the right (recursive on request only); none by default', () => {
    const run = runStart({ ...gateway, APP_TRUSTED_PROXIES: '10.244.0.0/16 192.168.1.7' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.read('gateway-real-ip.conf')).toContain(
      'set_real_ip_from 10.244.0.0/16;\nset_real_ip_from 192.168.1.7;\nreal_ip_header X-Forwarded-For;\nreal_ip_recursive off;\n',
    );
    const recursive = runStart({
      ...gateway,
      APP_TRUSTED_PROXIES: '10.244.0.0/16',
      APP_TRUSTED_PROXIES_RECURSIVE: 'true',
    });
    expect(recursive.read('gateway-real-ip.conf')).toContain('real_ip_recursive on;\n');
    expect(runStart(gateway).read('gateway-real-ip.conf')).not.toContain('set_real_ip_from');
    const refusals: Array<Record<string, string>> = [
      { APP_TRUSTED_PROXIES_RECURSIVE: 'true' },
      { APP_TRUSTED_PROXIES: '10.244.0.0/16', APP_TRUSTED_PROXIES_RECURSIVE: 'on' },
    ];
    for (const vars of refusals) {
      const refused = runStart({ ...gateway, ...vars });
      expect(refused.status).toBe(64);
      expect(refused.stderr).toMatch(/APP_TRUSTED_PROXIES_RECURSIVE/);
    }
  });

  it.each([
    '0.0.0.0/33',
    '10.0.0.0/',
    '256.0.0.1',
    '10.0.0',
    '10.0.0.0/8;',
    '::1',
    'all',
    '010.0.0.1',
    '1.2.3.4 $x',
  ])('APP_TRUSTED_PROXIES %j is refused', (value) => {
    const run = runStart({ ...gateway, APP_TRUSTED_PROXIES: value });
    expect(run.status).toBe(64);
    expect(run.stderr).toMatch(/APP_TRUSTED_PROXIES/);
  });

  it('requests in flight per client: 32 by default, APP_CONN_LIMIT_PER_CLIENT otherwise; gateway only', () => {
    expect(runStart(gateway).read('gateway-proxy.conf')).toContain('limit_conn cartoes_gateway_conn 32;');
    expect(runStart({ ...gateway, APP_CONN_LIMIT_PER_CLIENT: '8' }).read('gateway-proxy.conf')).toContain(
      'limit_conn cartoes_gateway_conn 8;',
    );
    expect(runStart({ ...gateway, APP_CONN_LIMIT_PER_CLIENT: '0' }).status).toBe(64);
    const direct = runStart({ ...minimal, APP_TRUSTED_PROXIES: '10.0.0.0/8' });
    expect(direct.status).toBe(64);
    expect(direct.stderr).toMatch(/APP_TRUSTED_PROXIES is for gateway mode only/);
  });

  it('the gateway’s error log never takes a line that could hold a request: emerg only', () => {
    const run = runStart({ ...gateway, APP_PROBE_LISTEN: '8081' });
    for (const file of [
      'gateway-proxy.conf',
      'gateway-answer.conf',
      'gateway-upstream.conf',
      'gateway-probe.conf',
    ]) {
      const levels = [...run.read(file).matchAll(/^\s*error_log \S+ (\w+);$/gm)].map(([, level]) => level);
      expect(levels.length, file).toBeGreaterThan(0);
      expect(new Set(levels), file).toEqual(new Set(['emerg']));
    }
  });
});
