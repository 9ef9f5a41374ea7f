/**
 * Runs a command inside the image as a Kubernetes node would (deploy/kubernetes/deployment.yaml), with no
 * container runtime: the root file system unpacked from the OCI archive (scripts/image/unpack.ts),
 * mounted read-only in a mount namespace of its own (unshare), /tmp the only writable place, the rendered
 * files (scripts/deploy/render.ts) mounted read-only where the pod mounts its ConfigMap, a /dev with null,
 * zero, random, urandom and stdin/stdout/stderr, /proc; then chroot to it as the image's user (uid and
 * gid 101), with only the image's Env.
 * Shares the host's network (nginx listens on the host's loopback) and its /etc/hosts, /etc/hostname and
 * /etc/resolv.conf (as a runtime mounts its own). Needs root (mount, chroot).
 *
 * Here /tmp is the host's own /tmp, so the files the end-to-end tests put there (logs, a CA bundle, the
 * state directory nginx writes) have the same path inside.
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

/** The image's own environment as an object (PATH). */
export function imageEnv(config: ImageConfig): Record<string, string> {
  return Object.fromEntries(
    config.Env.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

// Run by sh (this machine's) in the new mount namespace: $1 rootfs, $2 the rendered files (host), $3 where
// they go in the image, $4 the user (uid:gid), then the command (env -i ... chroot ...).
const MOUNTS = `set -eu
root=$1 config=$2 target=$3 user=$4
shift 4
mount --make-rprivate /
mount --bind "$root" "$root"
mount -o remount,bind,ro "$root"
if [ -n "$config" ]; then
  mount --bind "$config" "$root$target"
  mount -o remount,bind,ro "$root$target"
fi
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
 * image, with the image's Env only.
 */
export function imageCommand(options: {
  rootfs: string;
  /** A host directory of rendered files, mounted read-only on `configTarget` (the ConfigMap's place). */
  configDir?: string;
  configTarget?: string;
  command?: string[];
  /** uid:gid, instead of the image's user. */
  user?: string;
}): { program: string; args: string[] } {
  const rootfs = path.resolve(options.rootfs);
  const config = readImageConfig(rootfs);
  const env = imageEnv(config);
  const [program = '', ...rest] = options.command ?? [...config.Entrypoint, ...config.Cmd];
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
      options.configDir === undefined ? '' : path.resolve(options.configDir),
      options.configTarget ?? '/etc/nginx/cartoes',
      user,
      'env',
      '-i',
      ...Object.entries(env).map(([name, value]) => `${name}=${value}`),
      'chroot',
      `--userspec=${user}`,
      `--groups=${user.split(':')[1] ?? user}`,
      rootfs,
      program,
      ...rest,
    ],
  };
}
