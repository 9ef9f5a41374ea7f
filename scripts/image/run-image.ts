/**
 * Runs a command inside the image as a Kubernetes node would (deploy/kubernetes/deployment.yaml), with no
 * container runtime: the root file system unpacked from the OCI archive (scripts/image/unpack.ts),
 * mounted read-only in a mount namespace of its own (unshare), the runtime directory and /tmp the only
 * writable places, a /dev with null, zero, random, urandom and stdin/stdout/stderr, /proc; then chroot to
 * it as the image's user (uid and gid 101), with only the image's Env and the APP_* variables given.
 * Shares the host's network (nginx listens on the host's loopback) and its /etc/hosts, /etc/hostname and
 * /etc/resolv.conf (as a runtime mounts its own). Needs root (mount, chroot).
 *
 * Here /tmp is the host's own /tmp, so the files the end-to-end tests put there (logs, a CA bundle) have
 * the same path inside; the runtime directory is a host directory mounted on the image's APP_RUNTIME_DIR,
 * mode 777 as Kubernetes makes an emptyDir.
 *
 *   tsx scripts/image/run-image.ts --rootfs DIR --runtime HOSTDIR [-- command ...]   (default: the image's own)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ImageConfig {
  User: string;
  Env: string[];
  Entrypoint: string[];
  Cmd: string[];
}

/** The image's config (written beside the root file system by scripts/image/unpack.ts). */
export function readImageConfig(rootfs: string): ImageConfig {
  return JSON.parse(readFileSync(`${path.resolve(rootfs)}.config.json`, 'utf8')) as ImageConfig;
}

/** The image's own environment as an object (PATH, APP_RUNTIME_DIR, APP_HTML_DIR, APP_LISTEN). */
export function imageEnv(config: ImageConfig): Record<string, string> {
  return Object.fromEntries(
    config.Env.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

// Run by sh in the new mount namespace: $1 rootfs, $2 runtime directory (host), $3 where it goes in the
// image, $4 the user (uid:gid), then the command (env -i ... chroot ...).
const MOUNTS = `set -eu
root=$1 runtime=$2 target=$3 user=$4
shift 4
mount --make-rprivate /
mount --bind "$root" "$root"
mount -o remount,bind,ro "$root"
[ -z "$runtime" ] || mount --bind "$runtime" "$root$target"
mount --bind /tmp "$root/tmp"
mount -t proc -o nosuid,nodev,noexec proc "$root/proc"
# What a container runtime mounts over the image's empty files: the host's name lookup.
for file in hosts hostname resolv.conf; do
  mount --bind -o ro "/etc/$file" "$root/etc/$file"
done
# /dev as runc makes it: a tmpfs of root's, mode 755 (writable by root only, also under a read-only root).
mount -t tmpfs -o nosuid,mode=755,size=64k dev "$root/dev"
for node in null zero random urandom; do
  : >"$root/dev/$node"
  mount --bind "/dev/$node" "$root/dev/$node"
done
ln -s /proc/self/fd "$root/dev/fd"
ln -s /proc/self/fd/0 "$root/dev/stdin"
ln -s /proc/self/fd/1 "$root/dev/stdout"
ln -s /proc/self/fd/2 "$root/dev/stderr"
# The standard output a container runtime gives: a FIFO the image's user may open (runc chowns it,
# fixStdioPermissions), so that nginx (uid 101) can open /dev/stdout for its access log. A socket (what
# Node gives a child) cannot be opened there; cat relays the FIFO to it.
fifo="$root/dev/.stdout"
mkfifo -m 600 "$fifo"
chown "$user" "$fifo"
cat <"$fifo" &
exec >"$fifo"
rm "$fifo"
exec "$@"`;

/**
 * The program and arguments that run `command` (default: the image's entrypoint and command) in the
 * image, with `vars` (APP_* variables) over the image's Env.
 */
export function imageCommand(options: {
  rootfs: string;
  /** A host directory mounted on the image's APP_RUNTIME_DIR; none: that directory stays the image's. */
  runtimeDir?: string;
  vars?: Record<string, string>;
  command?: string[];
  /** uid:gid, instead of the image's user. */
  user?: string;
  /** The working directory inside (default /). */
  cwd?: string;
}): { program: string; args: string[] } {
  const rootfs = path.resolve(options.rootfs);
  const config = readImageConfig(rootfs);
  const env = { ...imageEnv(config), ...options.vars };
  const [program = '', ...rest] = options.command ?? [...config.Entrypoint, ...config.Cmd];
  // The emptyDir's place (deployment.yaml): the runtime directory's parent, where start.sh makes its own.
  const runtimeTarget = path.posix.dirname(env.APP_RUNTIME_DIR ?? '/etc/nginx/cartoes/run');
  const user = options.user ?? config.User;
  return {
    program: 'unshare',
    args: [
      '--mount',
      '--',
      'sh',
      '-c',
      MOUNTS,
      'image-mounts',
      rootfs,
      options.runtimeDir === undefined ? '' : path.resolve(options.runtimeDir),
      runtimeTarget,
      user,
      'env',
      '-i',
      ...Object.entries(env).map(([name, value]) => `${name}=${value}`),
      'chroot',
      `--userspec=${user}`,
      `--groups=${user.split(':')[1] ?? user}`,
      rootfs,
      ...(options.cwd === undefined
        ? [program, ...rest]
        : ['/bin/sh', '-c', 'cd "$1" && shift && exec "$@"', 'sh', options.cwd, program, ...rest]),
    ],
  };
}
