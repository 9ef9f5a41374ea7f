#!/usr/bin/env bash
# scripts/image/check-lock.sh LOCK SERVED: the image's lock (name=version lines) against what Debian's
# archive serves (SERVED: `apt-cache madison` of the locked packages, as npm run image's apt saw it).
# Versions are compared as dpkg compares them.
#  - A locked package with a newer version in the security pocket (bookworm-security): the image would lack
#    a security fix. One message names each such package, its locked and served versions and the command
#    that refreshes the lock and the digest; exit 1.
#  - A locked version the archive no longer serves, with nothing newer in the security pocket: a point
#    release withdrew it. One line on stdout, `name version (served: …)`, for the build to warn with.
#  - A newer version in a point-release pocket while the locked one is still served: a note on stderr.
set -euo pipefail
lock=$1
served=$2

versions() { # $1: package, $2: a pocket pattern; the versions SERVED lists for it, one a line
  awk -F'|' -v package="$1" -v pocket="$2" '{
    gsub(/ /, "", $1); gsub(/ /, "", $2); split($3, source, " "); split(source[2], suite, "/")
    if ($1 == package && suite[1] ~ pocket) print $2 " " suite[1]
  }' "$served"
}

newer=''
while IFS== read -r package version; do
  newest='' pocket=''
  while read -r candidate suite; do
    if [ -z "$newest" ] || dpkg --compare-versions "$candidate" gt "$newest"; then
      newest=$candidate pocket=$suite
    fi
  done < <(versions "$package" '-security$')
  if [ -n "$newest" ] && dpkg --compare-versions "$newest" gt "$version"; then
    newer+="  $package: locked $version, $pocket serves $newest"$'\n'
    continue
  fi
  all=$(versions "$package" '' | cut -d' ' -f1 | sort -u | paste -sd' ' -)
  case " $all " in
  *" $version "*)
    for candidate in $all; do
      if dpkg --compare-versions "$candidate" gt "$version"; then
        echo "npm run image: note: the archive serves $package $candidate (locked: $version, still served); npm run image -- --update-lock takes it" >&2
      fi
    done
    ;;
  *) echo "$package $version (served: ${all:-none})" ;;
  esac
done < <(grep -v '^#' "$lock" | grep .)

if [ -n "$newer" ]; then
  {
    echo "npm run image: FAILED: Debian's security pocket serves newer versions of packages $lock pins (security fixes this image would lack):"
    printf '%s' "$newer"
    echo "  Refresh the lock and the image's digest in one step: npm run image -- --update-lock, then run the tests"
    echo "  and commit the lock with the digest it writes (docs/deployment.md, \"The image\")."
  } >&2
  exit 1
fi
