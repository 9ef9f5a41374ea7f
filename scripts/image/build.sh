#!/usr/bin/env bash
# `npm run image [-- --skip-build] [-- --update-lock] [-- --out DIR]`: the container image that
# deploy/kubernetes deploys, built from this repository to an OCI archive, with no container registry and
# no daemon: Debian packages (deploy/image/packages, versions pinned in deploy/image/packages.lock) from
# Debian's apt repositories, the production build (dist/) and deploy/ on top, nginx as uid 101, start.sh
# as the entrypoint. Needs a Debian bookworm machine with mmdebstrap (apt-get install mmdebstrap), root
# (the files' owners), node and npm; docs/decisions/024-image-from-debian-packages.md says why.
#
# Writes into DIR (default build/image/):
#   cartoes-backoffice.oci.tar   the OCI image layout as a tar (also docker-load-able: it has manifest.json)
#   cartoes-backoffice.cdx.json  its software bill of materials (CycloneDX 1.5: Debian and npm packages)
#   cartoes-backoffice.digest    the manifest's digest (sha256:...), what a cluster pulls by
#   rootfs/                      the image's file system as it was packed (what scripts/image/run.sh runs)
# Reproducible: the same commit gives the same digest (SOURCE_DATE_EPOCH = the commit's time, every file's
# time clamped to it, names sorted, owners numeric, gzip without a name or time, no apt lists or logs).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD

skip_build=false
update_lock=false
out=build/image
while [ "$#" -gt 0 ]; do
  case $1 in
  --skip-build) skip_build=true ;;
  --update-lock) update_lock=true ;;
  --out)
    out=$2
    shift
    ;;
  *)
    echo "npm run image: unknown argument $1 (--skip-build, --update-lock, --out DIR)" >&2
    exit 64
    ;;
  esac
  shift
done

# shellcheck source=/dev/null
. deploy/image/image.env
DEBIAN_MIRROR=${CARTOES_DEBIAN_MIRROR:-$DEBIAN_MIRROR}
DEBIAN_SECURITY_MIRROR=${CARTOES_DEBIAN_SECURITY_MIRROR:-$DEBIAN_SECURITY_MIRROR}
[ "$(id -u)" = 0 ] || {
  echo "npm run image: run as root (the image's files belong to root and uid $IMAGE_UID)" >&2
  exit 77
}
command -v mmdebstrap >/dev/null || {
  echo "npm run image: mmdebstrap is missing (apt-get install mmdebstrap)" >&2
  exit 69
}

# shellcheck disable=SC2086 # paths without spaces
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct -- $IMAGE_INPUTS)}
[ -n "$SOURCE_DATE_EPOCH" ] || {
  echo "npm run image: no commit of the image's inputs (a git clone with history is needed)" >&2
  exit 66
}
export SOURCE_DATE_EPOCH LC_ALL=C TZ=UTC
umask 022
started=$(date +%s)
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/cartoes-image-XXXXXX")
trap 'rm -rf "$work"' EXIT

step() { printf 'npm run image: %s (%s s)\n' "$1" "$(($(date +%s) - started))" >&2; }

# --------------------------------------------------------------------------------------- the build
if [ "$skip_build" = false ]; then
  step 'vite build'
  npm run --silent build -- --logLevel warn
fi
[ -f dist/index.html ] || {
  echo "npm run image: dist/ has no index.html (npm run build)" >&2
  exit 66
}

# ---------------------------------------------------------------------------------- Debian packages
# Every package at the version the lock names (apt resolves the same set); --update-lock takes the
# mirror's current versions and rewrites the lock.
names=$(grep -v '^#' deploy/image/packages | grep .)
if [ "$update_lock" = true ]; then
  include=$(printf '%s\n' "$names" | paste -sd, -)
else
  include=$(grep -v '^#' deploy/image/packages.lock | grep . | paste -sd, -)
fi
step "Debian packages ($DEBIAN_SUITE from $DEBIAN_MIRROR)"
mmdebstrap --quiet --variant=extract --mode=root --arch=amd64 --include="$include" \
  --skip=cleanup/apt/cache --aptopt='Acquire::Languages "none"' --aptopt='APT::Install-Recommends "false"' \
  "$DEBIAN_SUITE" "$work/debian" \
  "deb $DEBIAN_MIRROR $DEBIAN_SUITE main" "deb $DEBIAN_MIRROR $DEBIAN_SUITE-updates main" \
  "deb $DEBIAN_SECURITY_MIRROR $DEBIAN_SUITE-security main" >&2
debs=$work/debian/var/cache/apt/archives
for deb in "$debs"/*.deb; do
  dpkg-deb -f "$deb" Package Version Architecture |
    awk '/^Package:/ { p = $2 } /^Version:/ { v = $2 } /^Architecture:/ { print p "=" v " " $2 }'
done | sort >"$work/resolved-arch"
cut -d' ' -f1 "$work/resolved-arch" >"$work/resolved"
if [ "$update_lock" = true ]; then
  {
    echo "# Written by npm run image -- --update-lock on $(date -u +%Y-%m-%d) from $DEBIAN_MIRROR ($DEBIAN_SUITE,"
    echo "# -updates, -security): every package of deploy/image/packages and what they depend on, at these versions."
    cat "$work/resolved"
  } >deploy/image/packages.lock
elif ! diff -u <(grep -v '^#' deploy/image/packages.lock | grep . | sort) "$work/resolved" >&2; then
  echo "npm run image: apt resolved other packages than deploy/image/packages.lock names (above)" >&2
  exit 65
fi

# ------------------------------------------------------------------------------------------ Assemble
# Only what the image needs, taken from the extracted packages: the programs, their libraries (as the
# dynamic loader resolves them), nginx's mime.types, os-release, each shipped package's copyright file.
step 'assemble'
src=$work/debian
root=$work/rootfs
mkdir -p "$root"
take() { # path relative to the Debian tree; symlinks are kept and followed
  local path=$1
  while :; do
    [ -e "$src/$path" ] || [ -L "$src/$path" ] || {
      echo "npm run image: $path is not in the packages" >&2
      exit 65
    }
    (cd "$src" && cp -a --parents "$path" "$root/")
    [ -L "$src/$path" ] || break
    local target
    target=$(readlink "$src/$path")
    case $target in /*) path=${target#/} ;; *) path=$(realpath -ms "/$(dirname "$path")/$target") && path=${path#/} ;; esac
  done
}
programs=usr/sbin/nginx
for tool in $IMAGE_TOOLS; do
  if [ -e "$src/bin/$tool" ]; then programs="$programs bin/$tool"; else programs="$programs usr/bin/$tool"; fi
done
for program in $programs; do
  [ "$program" = usr/bin/awk ] || take "$program"
done
# awk is an alternative (made by mawk's maintainer script, which does not run here).
ln -s mawk "$root/usr/bin/awk"
take lib64/ld-linux-x86-64.so.2
for program in $programs; do
  [ "$program" = usr/bin/awk ] && continue
  chroot "$src" /lib64/ld-linux-x86-64.so.2 --list "/$program" | awk '/=> \// { print $3 }'
done | sort -u | while read -r library; do take "${library#/}"; done
take etc/nginx/mime.types
take etc/os-release
# Debian's CA bundle, as update-ca-certificates makes it (its maintainer script does not run here): every
# certificate of the package, in name order.
mkdir -p "$root/etc/ssl/certs"
find "$src/usr/share/ca-certificates" -name '*.crt' | sort | while read -r cert; do
  cat "$cert"
  [ -z "$(tail -c 1 "$cert")" ] || echo
done >"$root/etc/ssl/certs/ca-certificates.crt"
# Which package each file came from: the bill of materials lists those packages, with their copyright.
for deb in "$debs"/*.deb; do
  package=$(dpkg-deb -f "$deb" Package)
  dpkg-deb --fsys-tarfile "$deb" | tar -t | sed -e 's|^\./||' -e "s|^|$package |"
done >"$work/contents"
(cd "$root" && find . ! -type d | sed 's|^\./||') | sort >"$work/files"
awk 'NR == FNR { want[$1] = 1; next } ($2 in want) { print $1 }' "$work/files" "$work/contents" | sort -u >"$work/shipped"
grep -q . "$work/shipped"
while read -r package; do
  take "usr/share/doc/$package/copyright" 2>/dev/null || true
done <"$work/shipped"
# ca-certificates' files are the bundle made above.
grep -qx ca-certificates "$work/shipped" || echo ca-certificates >>"$work/shipped"
sort -o "$work/shipped" "$work/shipped"
take usr/share/doc/ca-certificates/copyright
grep -E "^($(paste -sd'|' "$work/shipped"))=" "$work/resolved-arch" >"$work/shipped-versions"

# The users (root, and nginx as uid/gid IMAGE_UID), name lookup from files then DNS, and the directories:
# /tmp, and the runtime directory (empty, the nginx user's: start.sh writes there at every start).
printf 'root:x:0:0:root:/root:/usr/sbin/nologin\nnginx:x:%s:%s:nginx:/nonexistent:/usr/sbin/nologin\n' \
  "$IMAGE_UID" "$IMAGE_UID" >"$root/etc/passwd"
printf 'root:x:0:\nnginx:x:%s:\n' "$IMAGE_UID" >"$root/etc/group"
printf 'passwd: files\ngroup: files\nhosts: files dns\n' >"$root/etc/nsswitch.conf"
# Empty: the container runtime mounts its own over them (Kubernetes: localhost, the pod's name, the
# cluster's DNS), as it does in every image.
: >"$root/etc/hosts"
: >"$root/etc/hostname"
: >"$root/etc/resolv.conf"
mkdir -p "$root/tmp" "$root$APP_RUNTIME_DIR" "$root/dev" "$root/proc" "$root/etc/nginx" "$root/root"
chmod 1777 "$root/tmp"
chmod 700 "$root/root"
chown "$IMAGE_UID:$IMAGE_UID" "$root$APP_RUNTIME_DIR"
chmod 755 "$root$APP_RUNTIME_DIR"

# The app: the production build and the files start.sh reads, read-only for the nginx user.
mkdir -p "$root$APP_HTML_DIR" "$root/opt/cartoes/deploy/nginx"
cp -R dist/. "$root$APP_HTML_DIR/"
cp deploy/start.sh deploy/check-json.awk "$root/opt/cartoes/deploy/"
cp deploy/nginx/*.conf.template "$root/opt/cartoes/deploy/nginx/"
chmod -R u=rwX,go=rX "$root$APP_HTML_DIR" "$root/opt/cartoes"

# ------------------------------------------------------------------------------------ pack and write
step 'pack'
# Every time at SOURCE_DATE_EPOCH, names sorted, numeric owners, no atime/ctime: the same bytes each time.
tar --create --directory "$root" --sort=name --format=posix --numeric-owner \
  --mtime="@$SOURCE_DATE_EPOCH" --clamp-mtime \
  --pax-option='exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime' \
  --file "$work/layer.tar" .
gzip -9 -n <"$work/layer.tar" >"$work/layer.tar.gz"
rm -rf "$out/rootfs"
mv "$root" "$out/rootfs"
npx tsx scripts/image/write-oci.ts --layer "$work/layer.tar" --layer-gz "$work/layer.tar.gz" \
  --debian "$work/shipped-versions" --out "$out" --work "$work"
digest=$(cat "$out/$IMAGE_NAME.digest")
# The manifests and the README name what was built (CI fails when the committed digest is another).
sed -i -E "s|^(    digest: )sha256:[0-9a-f]{64}\$|\1$digest|" deploy/kubernetes/kustomization.yaml
sed -i -E "s|$IMAGE_NAME:$IMAGE_TAG@sha256:[0-9a-f]{64}|$IMAGE_NAME:$IMAGE_TAG@$digest|g" README.md docs/deployment.md
step "done: $out/$IMAGE_NAME.oci.tar $digest, $(stat -c %s "$out/$IMAGE_NAME.oci.tar") bytes"
