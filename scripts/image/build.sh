#!/usr/bin/env bash
# `npm run image [-- --skip-build] [-- --update-lock] [-- --out DIR] [-- --lock FILE]`: the container image that
# deploy/kubernetes deploys, built from this repository to an OCI archive, with no container registry and
# no daemon: Debian packages (deploy/image/packages, versions pinned in deploy/image/packages.lock) from
# Debian's apt repositories, the production build (dist/) on top, nginx as uid 101 and the entrypoint
# (no shell: the pod mounts the files npm run deploy:render writes). Needs a Debian bookworm machine with
# mmdebstrap (apt-get install mmdebstrap), root (the files' owners), node and npm; docs/decisions/024-image-from-debian-packages.md says why.
#
# Writes into DIR (default build/image/):
#   cartoes-backoffice.oci.tar   the OCI image layout as a tar (also docker-load-able: it has manifest.json)
#   cartoes-backoffice.cdx.json  its software bill of materials (CycloneDX 1.5: Debian and npm packages)
#   cartoes-backoffice.digest    the manifest's digest (sha256:...), what a cluster pulls by
#   cartoes-backoffice.lock-drift  how this image's Debian packages differ from the lock, one per line
#                                (empty: the image is the lock's; else the build went on with what the
#                                archive serves, and left the committed digest alone)
#   rootfs/                      the image's file system as it was packed (what scripts/image/run.sh runs)
# Reproducible: the same commit gives the same digest (SOURCE_DATE_EPOCH = the commit's time, every file's
# time clamped to it, names sorted, owners numeric, gzip without a name or time, no apt lists or logs).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD

skip_build=false
update_lock=false
out=build/image
lock=deploy/image/packages.lock
while [ "$#" -gt 0 ]; do
  case $1 in
  --skip-build) skip_build=true ;;
  --update-lock) update_lock=true ;;
  --out)
    out=$2
    shift
    ;;
  --lock) # another lock file (scripts/image/moved-lock.ts builds with a copy)
    lock=$2
    shift
    ;;
  *)
    echo "npm run image: unknown argument $1 (--skip-build, --update-lock, --out DIR, --lock FILE)" >&2
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

# The lock is left out: a refresh of the packages (--update-lock) changes their bytes, not the app's
# times, so the lock and the digest it gives are written and committed together, in one step.
# shellcheck disable=SC2086 # paths without spaces
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct -- $IMAGE_INPUTS ':(exclude)deploy/image/packages.lock')}
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
# The lock pins every package that ships a file into the image (what the image is); what they pull in
# besides (and ships nothing) is apt's choice. Debian's archive keeps one version of a package per suite
# (bookworm-security only its newest), so a locked version leaves it at the next security or point
# release. scripts/image/check-lock.sh holds the lock against what the archive serves: a newer version in
# the security pocket FAILS the build (one message naming each package, its locked and served versions,
# and the command that refreshes); a version a point release withdrew is built as the archive serves it,
# with a warning. --update-lock builds with the archive's versions and writes them to the lock.
names=$(grep -v '^#' deploy/image/packages | grep .)
pins=$(grep -v '^#' "$lock" | grep . || true)
pinned_names=$(printf '%s\n' "$pins" | sed 's/=.*//')
unpinned=$(printf '%s\n' "$names" | grep -vxF "$pinned_names" || true)
# After apt's update (mmdebstrap's extract hook): every version the archive serves of each package named here or in the lock.
asked=$(printf '%s\n%s\n' "$names" "$pinned_names" | grep . | sort -u | paste -sd' ' -)
debian() { # $1: --include
  rm -rf "$work/debian"
  mmdebstrap --quiet --variant=extract --mode=root --arch=amd64 --include="$1" \
    --skip=cleanup/apt/cache --aptopt='Acquire::Languages "none"' --aptopt='APT::Install-Recommends "false"' \
    --extract-hook="APT_CONFIG=\"\$MMDEBSTRAP_APT_CONFIG\" apt-cache madison $asked >'$work/served'" \
    "$DEBIAN_SUITE" "$work/debian" \
    "deb $DEBIAN_MIRROR $DEBIAN_SUITE main" "deb $DEBIAN_MIRROR $DEBIAN_SUITE-updates main" \
    "deb $DEBIAN_SECURITY_MIRROR $DEBIAN_SUITE-security main"
}
step "Debian packages ($DEBIAN_SUITE from $DEBIAN_MIRROR)"
: >"$work/moved"
if [ "$update_lock" = true ] || [ -z "$pins" ]; then
  debian "$(printf '%s\n' "$names" | paste -sd, -)" >&2
else
  pinned_failed=false
  if ! debian "$(printf '%s\n%s\n' "$pins" "$unpinned" | grep . | paste -sd, -)" >"$work/pinned.log" 2>&1; then
    # A locked version the archive no longer serves: a build by name gives apt's list of what it serves.
    pinned_failed=true
    debian "$(printf '%s\n' "$names" | paste -sd, -)" >&2
  fi
  scripts/image/check-lock.sh "$lock" "$work/served" >"$work/moved"
  if [ "$pinned_failed" = true ] && [ ! -s "$work/moved" ]; then
    cat "$work/pinned.log" >&2
    echo "npm run image: apt could not install $lock (above), though the archive serves every version it names" >&2
    exit 65
  fi
fi
debs=$work/debian/var/cache/apt/archives
for deb in "$debs"/*.deb; do
  dpkg-deb -f "$deb" Package Version Architecture |
    awk '/^Package:/ { p = $2 } /^Version:/ { v = $2 } /^Architecture:/ { print p "=" v " " $2 }'
done | sort >"$work/resolved-arch"

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
# The one program: nginx (no shell, no tool: the rendered files need nothing at start).
take usr/sbin/nginx
take lib64/ld-linux-x86-64.so.2
chroot "$src" /lib64/ld-linux-x86-64.so.2 --list /usr/sbin/nginx | awk '/=> \// { print $3 }' |
  sort -u | while read -r library; do take "${library#/}"; done
take etc/nginx/mime.types
# nginx's njs module, which gateway mode loads (the rendered gateway-modules.conf), and what it links.
take usr/lib/nginx/modules/ngx_http_js_module.so
chroot "$src" /lib64/ld-linux-x86-64.so.2 --list /usr/lib/nginx/modules/ngx_http_js_module.so |
  awk '/=> \// { print $3 }' | while read -r library; do take "${library#/}"; done
take etc/os-release
take etc/debian_version
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
awk 'NR == FNR { want[$1] = 1; next } { split($1, p, "=") } (p[1] in want)' "$work/shipped" "$work/resolved-arch" >"$work/shipped-versions"

(cd "$root" && find . ! -type d | sed 's|^\./||') | sort >"$work/files"
# What a scanner reads (Trivy, Grype, a registry's), as distroless images carry it: one dpkg status stanza
# per shipped package in var/lib/dpkg/status.d/<package> (its control file, installed), and beside it the
# md5sums of its files that are in the image. No dpkg and no var/lib/dpkg/status: nothing installs here.
mkdir -p "$root/var/lib/dpkg/status.d"
for deb in "$debs"/*.deb; do
  package=$(dpkg-deb -f "$deb" Package)
  grep -qxF "$package" "$work/shipped" || continue
  mkdir -p "$work/control/$package"
  dpkg-deb --ctrl-tarfile "$deb" | tar -x -C "$work/control/$package"
  [ -f "$work/control/$package/md5sums" ] || : >"$work/control/$package/md5sums"
  # Its configuration files in the image, as dpkg records them (their sums are in the stanza, not md5sums).
  conffiles=$(sed 's|^/||' "$work/control/$package/conffiles" 2>/dev/null | grep -xF -f "$work/files" || true)
  {
    dpkg-deb -f "$deb" | awk 'NR == 1 { print; print "Status: install ok installed"; next } { print }'
    if [ -n "$conffiles" ]; then
      echo 'Conffiles:'
      printf '%s\n' "$conffiles" | while read -r file; do
        echo " /$file $(md5sum <"$root/$file" | cut -d' ' -f1)"
      done
    fi
  } >"$root/var/lib/dpkg/status.d/$package"
  awk 'NR == FNR { want[$1] = 1; next } ($2 in want)' "$work/files" "$work/control/$package/md5sums" \
    >"$root/var/lib/dpkg/status.d/$package.md5sums"
done

# The lock: the shipped packages at their versions (name=version, sorted).
sed 's/ .*//' "$work/shipped-versions" >"$work/shipped-lock"
if [ "$update_lock" = true ]; then
  {
    echo "# Written by npm run image -- --update-lock on $(date -u +%Y-%m-%d) from $DEBIAN_MIRROR ($DEBIAN_SUITE,"
    echo "# -updates, -security): every Debian package with a file in the image, at its version. What they pull"
    echo "# in and ships nothing is apt's choice. Refreshed as docs/deployment.md (\"The image\") says."
    cat "$work/shipped-lock"
  } >"$lock"
else
  # Every difference between the image and the lock, by package: a version that moved, a package the
  # lock lacks (one added to deploy/image/packages, say), one it names that ships nothing now.
  { printf '%s\n' "$pins" | grep . || true; } | awk -F= -v shipped="$work/shipped-lock" '
    { locked[$1] = $2 }
    END {
      while ((getline line < shipped) > 0) { split(line, p, "="); built[p[1]] = p[2]; locked[p[1]] = locked[p[1]] }
      for (name in locked) {
        from = (locked[name] == "") ? "not in the lock" : locked[name]
        to = (name in built) ? built[name] : "ships nothing"
        if (from != to) print name ": " from " -> " to
      }
    }' | sort >"$work/drift"
fi
if [ -s "$work/moved" ]; then
  {
    echo "npm run image: WARNING: Debian's archive no longer serves these versions $lock pins:"
    sed 's/^/  /' "$work/moved"
  } >&2
fi
cp "$work/drift" "$out/$IMAGE_NAME.lock-drift" 2>/dev/null || : >"$out/$IMAGE_NAME.lock-drift"
if [ -s "$out/$IMAGE_NAME.lock-drift" ]; then
  {
    echo "npm run image: WARNING: the image's Debian packages are not those $lock pins (locked -> built):"
    sed 's/^/  /' "$out/$IMAGE_NAME.lock-drift"
    echo "  Built all the same, as the archive serves them; deploy/kubernetes and the README keep the lock's"
    echo "  digest. To take these versions: npm run image -- --update-lock (rewrites the lock and the digest"
    echo "  in one step), then test and commit both (docs/deployment.md, \"The image\")."
  } >&2
fi
# The users (root, and nginx as uid/gid IMAGE_UID), name lookup from files then DNS, and the directories:
# /tmp (where nginx writes; an emptyDir in the pod), and the empty directory the pod mounts the rendered
# files on, read-only.
printf 'root:x:0:0:root:/root:/usr/sbin/nologin\nnginx:x:%s:%s:nginx:/nonexistent:/usr/sbin/nologin\n' \
  "$IMAGE_UID" "$IMAGE_UID" >"$root/etc/passwd"
printf 'root:x:0:\nnginx:x:%s:\n' "$IMAGE_UID" >"$root/etc/group"
printf 'passwd: files\ngroup: files\nhosts: files dns\n' >"$root/etc/nsswitch.conf"
# Empty: the container runtime mounts its own over them (Kubernetes: localhost, the pod's name, the
# cluster's DNS), as it does in every image.
: >"$root/etc/hosts"
: >"$root/etc/hostname"
: >"$root/etc/resolv.conf"
mkdir -p "$root/tmp" "$root$IMAGE_CONFIG_DIR" "$root/dev" "$root/proc" "$root/root"
chmod 1777 "$root/tmp"
chmod 700 "$root/root"
chmod 755 "$root$IMAGE_CONFIG_DIR"

# The app: the production build (its frames among it), read-only for the nginx user.
mkdir -p "$root$APP_HTML_DIR"
cp -R dist/. "$root$APP_HTML_DIR/"
chmod -R u=rwX,go=rX "$root$APP_HTML_DIR"

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
npx tsx scripts/image/shipped-npm.ts --out "$work/npm.json"
npx tsx scripts/image/write-oci.ts --layer "$work/layer.tar" --layer-gz "$work/layer.tar.gz" \
  --rootfs "$out/rootfs" --npm "$work/npm.json" --out "$out" --work "$work"
digest=$(cat "$out/$IMAGE_NAME.digest")
# The manifests and the README name what was built (CI fails when the committed digest is another), when
# it is the lock's image; built from moved packages, they keep the lock's (above: --update-lock).
if [ ! -s "$out/$IMAGE_NAME.lock-drift" ]; then
  sed -i -E "s|^(    digest: )sha256:[0-9a-f]{64}\$|\1$digest|" deploy/kubernetes/kustomization.yaml
  sed -i -E "s|$IMAGE_NAME:$IMAGE_TAG@sha256:[0-9a-f]{64}|$IMAGE_NAME:$IMAGE_TAG@$digest|g" README.md docs/deployment.md
fi
step "done: $out/$IMAGE_NAME.oci.tar $digest, $(stat -c %s "$out/$IMAGE_NAME.oci.tar") bytes"
