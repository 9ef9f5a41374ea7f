#!/bin/sh
# Cartões back-office: start-up of the web server, in the container (deploy/Dockerfile) and on a host
# (npm run serve:nginx, or a systemd ExecStartPre). From environment variables it writes, into
# APP_RUNTIME_DIR:
#   config.json            the app's runtime configuration (README, "Configuration")
#   security-headers.conf  the security headers, included by the server and every location in nginx.conf
#   csp-report.conf        with APP_CSP_REPORT_URL: the report directives, off for an address with a query
#   sandbox-worker.conf    whether /mockServiceWorker.js is served (only for the sandbox in the browser)
#   gateway-*.conf         gateway mode (APP_PROVIDER_UPSTREAM, APP_ACCOUNTS_UPSTREAM): the provider proxied
#                          at /api/ and /accounts/ (deploy/nginx/gateway-*.conf.template), nginx's njs module
#                          loaded, the API's security headers; else comments
#   gateway-answer.njs     gateway mode: what of the provider's answers passes (deploy/nginx/, as it is)
#   nginx.conf             deploy/nginx/nginx.conf.template with the ${APP_...} placeholders filled in
#   first-frames/*.html    each page's prerendered first frame with config.json stamped in (nginx sends them)
#   .cartoes-runtime-dir   the marker of a runtime directory this script may write into (see below)
# then, when given arguments, runs them (exec), e.g.:
#   deploy/start.sh nginx -p "$APP_RUNTIME_DIR" -c "$APP_RUNTIME_DIR/nginx.conf" -e stderr -g 'daemon off;'
# It refuses to start, naming the variable, when a required one is missing or a value is malformed.
# Every variable: docs/deployment.md. POSIX sh and awk only (the nginx image has no bash, jq or node).
#
# Every value is checked whole against what it may hold (an allow-list of characters and a shape), never
# line by line, before it reaches nginx.conf, a header or config.json; values are put in place literally
# (awk's index/substr, never a sed replacement or an eval), and nothing is ever expanded as a file name.
set -eu
# A value's `*` or `?` stays a character: no pathname expansion anywhere in this script.
set -f
# Character classes and ranges byte by byte, the same in every locale (case patterns, awk).
LC_ALL=C
export LC_ALL

DEPLOY_DIR=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)

ALNUM=ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789
DIGITS=0123456789
# What a URL this script accepts may hold besides letters and digits: no quote, backslash, `$`, `;`, `,`,
# space or control character, so a value cannot end a JSON string, an nginx string, a CSP directive
# (`;`) or policy (`,`), nor name an nginx variable (`$`).
URL_CHARS="$ALNUM._~/%:@+=-"
# A path of this machine (nginx.conf): as a file name, nothing nginx's parser would read as syntax.
PATH_CHARS="$ALNUM._/+@-"

fail() {
  printf 'deploy/start.sh: %s\n' "$1" >&2
  exit 64
}

# "(got: VALUE)" for a message, only when the value is printable ASCII: a newline, an escape sequence, a
# C1 control (U+0080-U+009F, which some terminals obey) or a line separator (U+2028) would forge log
# lines or drive the operator's terminal. Byte by byte (LC_ALL=C): any byte outside 0x20-0x7E hides it.
got() {
  case $1 in
  *[!\ -~]*) printf '(not shown: it holds control characters or characters outside printable ASCII)' ;;
  *) printf '(got: %s)' "$1" ;;
  esac
}

# True when every character of $1 (newlines included) is in the set $2: a bracket expression's body, so
# no `]`, `\` or leading `!`, and `-` only last (elsewhere it would make a range).
only_chars() {
  case $1 in *[!$2]*) return 1 ;; esac
}

check_bool() { # name value
  case $2 in true | false) ;; *) fail "$1 must be true or false $(got "$2")" ;; esac
}

# A whole number without leading zeros (JSON has none) between min and max.
check_int() { # name value min max
  case $2 in
  '' | *[!0-9]* | 0?* | ??????????*) fail "$1 must be a whole number between $3 and $4 $(got "$2")" ;;
  esac
  if [ "$2" -lt "$3" ] || [ "$2" -gt "$4" ]; then fail "$1 must be between $3 and $4 $(got "$2")"; fi
}

# An absolute URL split into url_scheme, url_authority (host[:port]), url_host and url_rest (path and
# query, maybe empty); returns 1 when $1 is not https://host[:port]... or http://host[:port]...
# Hosts are DNS names or IPv4 addresses (letters, digits, dots, hyphens): no user:password@, no IPv6.
split_url() {
  case $1 in
  https://*) url_scheme=https ;;
  http://*) url_scheme=http ;;
  *) return 1 ;;
  esac
  url_rest=${1#*://}
  url_authority=${url_rest%%/*}
  url_rest=${url_rest#"$url_authority"}
  url_host=${url_authority%:*}
  case $url_authority in
  *:*)
    url_port=${url_authority##*:}
    case $url_port in '' | *[!0-9]* | 0* | ??????*) return 1 ;; esac
    [ "$url_port" -le 65535 ] || return 1
    ;;
  esac
  case $url_host in '' | [.-]* | *[!$ALNUM.-]*) return 1 ;; esac
}

is_loopback() {
  case $1 in 127.0.0.1 | localhost) return 0 ;; *) return 1 ;; esac
}

# An absolute URL: https, or http on 127.0.0.1/localhost (local tests), or (sandbox mode, unless strict)
# http anywhere. $3: further characters allowed after the host (e.g. "?&" or "{}").
check_absolute_url() { # name value extra-chars [strict]
  only_chars "$2" "$3$URL_CHARS" && split_url "$2" ||
    fail "$1 must be an absolute https URL, https://host[:port]/path (no quote, backslash, space, \$, ; or ,) $(got "$2")"
  if [ "$url_scheme" = http ] && ! is_loopback "$url_host"; then
    if [ "$APP_MODE" != sandbox ] || [ "${4-}" = strict ]; then
      fail "$1 must be an https URL (http only on 127.0.0.1 or localhost$([ "${4-}" = strict ] || printf ', or in sandbox mode')) $(got "$2")"
    fi
  fi
}

# What the app's config schema accepts as a base URL: an absolute URL (check_absolute_url) or a path on
# this origin, a single "/" then neither "/" nor "\" (browsers read "//host" and "/\host" as another
# host), no query, no trailing slash.
check_base_url() { # name value
  case $2 in
  /*)
    only_chars "$2" "$URL_CHARS" ||
      fail "$1 must be a path on this origin with no quote, backslash, space, \$, ;, , or ? $(got "$2")"
    case $2 in /[!/]*) ;; *) fail "$1 must be a path on this origin, a single / then a name: //host and /\\host are another host $(got "$2")" ;; esac
    ;;
  *)
    only_chars "$2" "$URL_CHARS" && split_url "$2" ||
      fail "$1 must be an https URL or a path on this origin starting with / (no quote, backslash, space, \$, ;, , or ?) $(got "$2")"
    check_absolute_url "$1" "$2" ''
    ;;
  esac
  case $2 in */) fail "$1 must not end with / $(got "$2")" ;; esac
}

# scheme://host[:port] of a URL that check_absolute_url accepted; nothing for a path on this origin.
origin_of() {
  case $1 in
  http://* | https://*)
    split_url "$1"
    printf '%s://%s' "$url_scheme" "$url_authority"
    ;;
  esac
}

# A JSON string literal (quotes and backslashes escaped; control characters were refused before).
json_string() {
  printf '"%s"' "$(printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g')"
}

# JSON is checked by deploy/check-json.awk (what it accepts: its header).
check_json() { # variable-name mode [owned-keys]
  JSON_VAR=$1 JSON_MODE=$2 JSON_OWNED=${3-} awk -f "$DEPLOY_DIR/check-json.awk" </dev/null
}

# --------------------------------------------------------------------------------------------- inputs
APP_MODE=${APP_MODE:-provider}
case $APP_MODE in provider | sandbox) ;; *) fail "APP_MODE must be provider or sandbox $(got "$APP_MODE")" ;; esac

APP_BASE_URL=${APP_BASE_URL-}
APP_ACCOUNTS_BASE_URL=${APP_ACCOUNTS_BASE_URL-}

# Gateway mode: nginx serves the provider's {base_url} at /api/ and {accounts_base_url} at /accounts/ on
# this origin (deploy/nginx/gateway-*.conf.template), and config.json points there. Both or neither.
APP_PROVIDER_UPSTREAM=${APP_PROVIDER_UPSTREAM-}
APP_ACCOUNTS_UPSTREAM=${APP_ACCOUNTS_UPSTREAM-}
APP_UPSTREAM_CA_FILE=${APP_UPSTREAM_CA_FILE-}
APP_RATE_LIMIT_PER_SECOND=${APP_RATE_LIMIT_PER_SECOND-}
APP_RATE_LIMIT_BURST=${APP_RATE_LIMIT_BURST-}
APP_TRUSTED_PROXIES=${APP_TRUSTED_PROXIES-}
APP_TRUSTED_PROXIES_RECURSIVE=${APP_TRUSTED_PROXIES_RECURSIVE-}
APP_CONN_LIMIT_PER_CLIENT=${APP_CONN_LIMIT_PER_CLIENT-}
APP_PROBE_LISTEN=${APP_PROBE_LISTEN-}
APP_NGINX_MODULES_DIR=${APP_NGINX_MODULES_DIR-}
if [ -n "$APP_PROVIDER_UPSTREAM" ] || [ -n "$APP_ACCOUNTS_UPSTREAM" ]; then gateway=true; else gateway=false; fi

# An upstream: https://host[:port][/path] (http only on 127.0.0.1 or localhost, for local tests, in any
# mode), no query, no trailing /. Sets up_scheme, up_host, up_authority, up_server (host:port), up_path.
check_upstream() { # name value
  check_absolute_url "$1" "$2" '' strict
  case $2 in */) fail "$1 must not end with / $(got "$2")" ;; esac
  up_scheme=$url_scheme
  up_host=$url_host
  up_authority=$url_authority
  up_path=$url_rest
  case $url_authority in
  *:*) up_port=${url_authority##*:} ;;
  *) if [ "$url_scheme" = https ]; then up_port=443; else up_port=80; fi ;;
  esac
  up_server=$up_host:$up_port
  # nginx proxying to itself would take a connection per hop until none is left.
  if is_loopback "$up_host" && [ "$up_port" = "${APP_LISTEN##*:}" ]; then
    fail "$1 must not be this nginx itself (APP_LISTEN) $(got "$2")"
  fi
}

if [ "$gateway" = true ]; then
  [ -n "$APP_PROVIDER_UPSTREAM" ] ||
    fail "APP_PROVIDER_UPSTREAM is required with APP_ACCOUNTS_UPSTREAM (gateway mode proxies both base URLs)"
  [ -n "$APP_ACCOUNTS_UPSTREAM" ] ||
    fail "APP_ACCOUNTS_UPSTREAM is required with APP_PROVIDER_UPSTREAM (gateway mode proxies both base URLs)"
  [ -z "$APP_BASE_URL" ] ||
    fail "APP_BASE_URL must not be set with APP_PROVIDER_UPSTREAM: in gateway mode baseUrl is /api $(got "$APP_BASE_URL")"
  [ -z "$APP_ACCOUNTS_BASE_URL" ] ||
    fail "APP_ACCOUNTS_BASE_URL must not be set with APP_ACCOUNTS_UPSTREAM: in gateway mode accountsBaseUrl is /accounts $(got "$APP_ACCOUNTS_BASE_URL")"
  APP_BASE_URL=/api
  APP_ACCOUNTS_BASE_URL=/accounts
else
  for name in APP_UPSTREAM_CA_FILE APP_RATE_LIMIT_PER_SECOND APP_RATE_LIMIT_BURST APP_TRUSTED_PROXIES APP_TRUSTED_PROXIES_RECURSIVE APP_CONN_LIMIT_PER_CLIENT APP_PROBE_LISTEN APP_NGINX_MODULES_DIR; do
    eval "value=\$$name"
    [ -z "$value" ] || fail "$name is for gateway mode only: set APP_PROVIDER_UPSTREAM and APP_ACCOUNTS_UPSTREAM too"
  done
fi

[ -n "$APP_BASE_URL" ] || fail "APP_BASE_URL is required (the provider's URL, e.g. https://cards.provider.example/api), or APP_PROVIDER_UPSTREAM and APP_ACCOUNTS_UPSTREAM for gateway mode"
check_base_url APP_BASE_URL "$APP_BASE_URL"
[ -n "$APP_ACCOUNTS_BASE_URL" ] || fail "APP_ACCOUNTS_BASE_URL is required (e.g. https://accounts.provider.example)"
check_base_url APP_ACCOUNTS_BASE_URL "$APP_ACCOUNTS_BASE_URL"

APP_ENVIRONMENT_NAME=${APP_ENVIRONMENT_NAME:-Produção}
case $APP_ENVIRONMENT_NAME in *[[:cntrl:]]*) fail "APP_ENVIRONMENT_NAME must not contain control characters" ;; esac
APP_REQUEST_TIMEOUT_MS=${APP_REQUEST_TIMEOUT_MS-}
[ -z "$APP_REQUEST_TIMEOUT_MS" ] || check_int APP_REQUEST_TIMEOUT_MS "$APP_REQUEST_TIMEOUT_MS" 1000 120000
APP_SEND_IDEMPOTENCY_KEY=${APP_SEND_IDEMPOTENCY_KEY-}
[ -z "$APP_SEND_IDEMPOTENCY_KEY" ] || check_bool APP_SEND_IDEMPOTENCY_KEY "$APP_SEND_IDEMPOTENCY_KEY"
APP_SANDBOX_WORKER=${APP_SANDBOX_WORKER-}
[ -z "$APP_SANDBOX_WORKER" ] || check_bool APP_SANDBOX_WORKER "$APP_SANDBOX_WORKER"

APP_CEP_LOOKUP_URL=${APP_CEP_LOOKUP_URL-}
if [ -n "$APP_CEP_LOOKUP_URL" ]; then
  check_absolute_url APP_CEP_LOOKUP_URL "$APP_CEP_LOOKUP_URL" '{}'
  case $APP_CEP_LOOKUP_URL in *'{cep}'*) ;; *) fail "APP_CEP_LOOKUP_URL must hold {cep} where the 8 digits go $(got "$APP_CEP_LOOKUP_URL")" ;; esac
fi

APP_AUTH_AUTHORITY=${APP_AUTH_AUTHORITY-}
APP_AUTH_CLIENT_ID=${APP_AUTH_CLIENT_ID-}
APP_AUTH_SCOPE=${APP_AUTH_SCOPE:-openid}
APP_AUTH_REDIRECT_PATH=${APP_AUTH_REDIRECT_PATH:-/entrar/retorno}
if [ -n "$APP_AUTH_AUTHORITY" ]; then
  # The issuer is https even in sandbox mode (as the app's schema says), http only on loopback.
  check_absolute_url APP_AUTH_AUTHORITY "$APP_AUTH_AUTHORITY" '' strict
  case $APP_AUTH_AUTHORITY in */) fail "APP_AUTH_AUTHORITY must not end with / $(got "$APP_AUTH_AUTHORITY")" ;; esac
  [ -n "$APP_AUTH_CLIENT_ID" ] || fail "APP_AUTH_CLIENT_ID is required when APP_AUTH_AUTHORITY is set"
  only_chars "$APP_AUTH_CLIENT_ID" "$ALNUM._~:/@+=-" ||
    fail "APP_AUTH_CLIENT_ID may hold letters, digits and - . _ ~ : / @ + = only $(got "$APP_AUTH_CLIENT_ID")"
  case $APP_AUTH_REDIRECT_PATH in
  /[!/]*) only_chars "$APP_AUTH_REDIRECT_PATH" "$ALNUM/_-" || fail "APP_AUTH_REDIRECT_PATH may hold letters, digits, / _ - only $(got "$APP_AUTH_REDIRECT_PATH")" ;;
  *) fail "APP_AUTH_REDIRECT_PATH must be a path on this origin, a single / then a name $(got "$APP_AUTH_REDIRECT_PATH")" ;;
  esac
  # Scope tokens separated by spaces, openid among them.
  only_chars "$APP_AUTH_SCOPE" "$ALNUM._~:/@+= -" ||
    fail "APP_AUTH_SCOPE may hold letters, digits, - . _ ~ : / @ + = and spaces only $(got "$APP_AUTH_SCOPE")"
  case " $APP_AUTH_SCOPE " in *' openid '*) ;; *) fail "APP_AUTH_SCOPE must include openid $(got "$APP_AUTH_SCOPE")" ;; esac
elif [ -n "$APP_AUTH_CLIENT_ID" ]; then
  fail "APP_AUTH_AUTHORITY is required when APP_AUTH_CLIENT_ID is set"
fi

# Where the app sends its reports (errors, failed calls, Web Vitals): same rules as the base URLs.
APP_REPORT_URL=${APP_REPORT_URL-}
[ -z "$APP_REPORT_URL" ] || check_base_url APP_REPORT_URL "$APP_REPORT_URL"

APP_CSP_REPORT_URL=${APP_CSP_REPORT_URL-}
[ -z "$APP_CSP_REPORT_URL" ] || check_absolute_url APP_CSP_REPORT_URL "$APP_CSP_REPORT_URL" '?&'

# Further origins for connect-src, separated by spaces.
APP_CONNECT_SRC_EXTRA=${APP_CONNECT_SRC_EXTRA-}
only_chars "$APP_CONNECT_SRC_EXTRA" "$ALNUM.:/ -" ||
  fail "APP_CONNECT_SRC_EXTRA must list origins (https://host[:port]) separated by spaces $(got "$APP_CONNECT_SRC_EXTRA")"
for extra in $APP_CONNECT_SRC_EXTRA; do
  check_absolute_url APP_CONNECT_SRC_EXTRA "$extra" ''
  [ -z "$url_rest" ] || fail "APP_CONNECT_SRC_EXTRA must list origins, scheme://host[:port] without a path $(got "$extra")"
done

# Members of a JSON object added to config.json (keys this script has no variable for). The keys this
# script writes (and those whose origins make the CSP) can only come from their own variables.
OWNED_KEYS='mode=APP_MODE sandboxWorker=APP_SANDBOX_WORKER baseUrl=APP_BASE_URL accountsBaseUrl=APP_ACCOUNTS_BASE_URL environmentName=APP_ENVIRONMENT_NAME requestTimeoutMs=APP_REQUEST_TIMEOUT_MS sendIdempotencyKey=APP_SEND_IDEMPOTENCY_KEY cepLookupUrl=APP_CEP_LOOKUP_URL auth=APP_AUTH_AUTHORITY cspReportUrl=APP_CSP_REPORT_URL reportUrl=APP_REPORT_URL'
APP_EXTRA_CONFIG_JSON=${APP_EXTRA_CONFIG_JSON-}
export APP_EXTRA_CONFIG_JSON
# Bounded before anything reads it: every key of the README's table, domain lists included, takes a few
# KB, and a start must not outlast the liveness probe whatever the value holds (dash counts bytes).
EXTRA_CONFIG_MAX_BYTES=65536
[ "${#APP_EXTRA_CONFIG_JSON}" -le "$EXTRA_CONFIG_MAX_BYTES" ] ||
  fail "APP_EXTRA_CONFIG_JSON must be at most $EXTRA_CONFIG_MAX_BYTES bytes (got ${#APP_EXTRA_CONFIG_JSON} bytes)"
extra_members=''
if [ -n "$APP_EXTRA_CONFIG_JSON" ]; then
  extra_members=$(check_json APP_EXTRA_CONFIG_JSON extra "$OWNED_KEYS" 2>&1) ||
    fail "APP_EXTRA_CONFIG_JSON $(case $extra_members in 'must not'*) ;; *) printf 'must be a JSON object: ' ;; esac)$extra_members"
fi

APP_HSTS=${APP_HSTS:-false}
check_bool APP_HSTS "$APP_HSTS"

# ------------------------------------------------------------------------------- nginx.conf's values
APP_RUNTIME_DIR=${APP_RUNTIME_DIR:-/etc/nginx/cartoes}
APP_HTML_DIR=${APP_HTML_DIR:-/usr/share/nginx/html}
APP_LISTEN=${APP_LISTEN:-8080}
APP_MIME_TYPES=${APP_MIME_TYPES:-/etc/nginx/mime.types}
APP_ACCESS_LOG=${APP_ACCESS_LOG:-/dev/stdout}
APP_ERROR_LOG=${APP_ERROR_LOG:-stderr}
[ -n "$APP_UPSTREAM_CA_FILE" ] || APP_UPSTREAM_CA_FILE=/etc/ssl/certs/ca-certificates.crt
paths='APP_RUNTIME_DIR APP_HTML_DIR APP_MIME_TYPES APP_ACCESS_LOG'
# nginx's own word for its standard error, or a file.
[ "$APP_ERROR_LOG" = stderr ] || paths="$paths APP_ERROR_LOG"
[ "$gateway" = false ] || paths="$paths APP_UPSTREAM_CA_FILE"
for name in $paths; do
  eval "value=\$$name"
  case $value in
  /*) only_chars "$value" "$PATH_CHARS" || fail "$name may hold letters, digits and - . _ / + @ only $(got "$value")" ;;
  *) fail "$name must be an absolute path $(got "$value")" ;;
  esac
done

# The runtime directory is the app's own: this script writes nginx.conf and config.json into it at every
# start. It takes a missing directory (created with its mode), an empty one (made for it, as the
# container's), or one holding the marker it writes; never / nor a directory of something else's files.
RUNTIME_MARKER=.cartoes-runtime-dir
case $APP_RUNTIME_DIR in
/ | *//* | */./* | */../* | */. | */.. | */)
  fail "APP_RUNTIME_DIR must be a directory of its own, an absolute path other than / without . .. // or a trailing / $(got "$APP_RUNTIME_DIR")"
  ;;
esac
if [ -e "$APP_RUNTIME_DIR" ] || [ -L "$APP_RUNTIME_DIR" ]; then
  [ -d "$APP_RUNTIME_DIR" ] || fail "APP_RUNTIME_DIR is not a directory $(got "$APP_RUNTIME_DIR")"
  if [ ! -f "$APP_RUNTIME_DIR/$RUNTIME_MARKER" ]; then
    runtime_listing=$(ls -A -- "$APP_RUNTIME_DIR") || fail "APP_RUNTIME_DIR cannot be listed $(got "$APP_RUNTIME_DIR")"
    [ -z "$runtime_listing" ] ||
      fail "APP_RUNTIME_DIR holds files this script did not write (no $RUNTIME_MARKER in it): give it a directory of its own, missing or empty $(got "$APP_RUNTIME_DIR")"
  fi
fi

# Another user who may write into the runtime directory could swap nginx.conf or config.json between
# this script's writing and nginx's reading: refused when others may write into it (a Kubernetes emptyDir
# is 0777: the manifests point APP_RUNTIME_DIR at a directory inside it, which this script creates), or
# its group, unless that group is root's (gid 0: the image's directory is 775 root-group, for platforms
# that run the container under an arbitrary uid in group 0).
if [ -d "$APP_RUNTIME_DIR" ]; then
  runtime_mode=$(ls -ldn -- "$APP_RUNTIME_DIR") || fail "APP_RUNTIME_DIR cannot be read $(got "$APP_RUNTIME_DIR")"
  runtime_gid=$(printf '%s\n' "$runtime_mode" | awk 'NR == 1 { print $4 }')
  case $runtime_mode in
  ????????w* | ?????w*)
    case $runtime_mode in ?????w??-* | ?????w??[!w]*) [ "$runtime_gid" != 0 ] || runtime_mode=ok ;; esac
    [ "$runtime_mode" = ok ] ||
      fail "APP_RUNTIME_DIR must not be writable by others, nor by a group other than root's: give it a directory of its own, mode 755 or 700 $(got "$APP_RUNTIME_DIR")"
    ;;
  esac
fi

# nginx's worker processes: APP_WORKER_PROCESSES (1 to 64, or auto), else one per CPU of the container's
# limit (cgroup v2 cpu.max "QUOTA PERIOD", rounded up; v1 cpu.cfs_quota_us and cpu.cfs_period_us), else
# auto. `auto` counts the machine's CPUs, not the pod's: 64 workers under a 1-CPU limit on a 64-core node,
# each with its own connections and keep-alive pools against the memory limit. APP_CGROUP_DIR: where the
# cgroup files are read (default /sys/fs/cgroup; the tests point it at files of their own).
APP_WORKER_PROCESSES=${APP_WORKER_PROCESSES-}
APP_CGROUP_DIR=${APP_CGROUP_DIR:-/sys/fs/cgroup}
cpu_limit() { # quota period: the CPUs they allow, rounded up, or nothing for no limit
  case $1 in '' | max | -* | *[!0-9]*) return 0 ;; esac
  case $2 in '' | 0 | *[!0-9]*) return 0 ;; esac
  printf '%s' $((($1 + $2 - 1) / $2))
}
if [ -n "$APP_WORKER_PROCESSES" ]; then
  [ "$APP_WORKER_PROCESSES" = auto ] || check_int APP_WORKER_PROCESSES "$APP_WORKER_PROCESSES" 1 64
else
  cpus=''
  if [ -r "$APP_CGROUP_DIR/cpu.max" ]; then
    read -r cpu_quota cpu_period <"$APP_CGROUP_DIR/cpu.max" || true
    cpus=$(cpu_limit "${cpu_quota-}" "${cpu_period-}")
  elif [ -r "$APP_CGROUP_DIR/cpu/cpu.cfs_quota_us" ] && [ -r "$APP_CGROUP_DIR/cpu/cpu.cfs_period_us" ]; then
    read -r cpu_quota <"$APP_CGROUP_DIR/cpu/cpu.cfs_quota_us" || true
    read -r cpu_period <"$APP_CGROUP_DIR/cpu/cpu.cfs_period_us" || true
    cpus=$(cpu_limit "${cpu_quota-}" "${cpu_period-}")
  fi
  if [ -n "$cpus" ] && [ "$cpus" -ge 1 ]; then
    [ "$cpus" -le 64 ] || cpus=64
    APP_WORKER_PROCESSES=$cpus
  else
    APP_WORKER_PROCESSES=auto
  fi
fi

# nginx `listen`: a port, IPv4:port or [IPv6]:port, nothing else. Sets listen_port.
check_listen() { # name value
  listen_port=${2##*:}
  case $2 in
  "$listen_port") listen_host_ok=true ;;
  \[*\]:*)
    listen_host=${2%:*}
    listen_host=${listen_host#\[}
    listen_host=${listen_host%\]}
    if [ -n "$listen_host" ] && only_chars "$listen_host" "${DIGITS}abcdefABCDEF:"; then listen_host_ok=true; else listen_host_ok=false; fi
    ;;
  *)
    case ${2%:*} in
    *[!0-9.]* | *.*.*.*.* | .* | *. | *..*) listen_host_ok=false ;;
    *.*.*.*) listen_host_ok=true ;;
    *) listen_host_ok=false ;;
    esac
    ;;
  esac
  case $listen_port in '' | *[!0-9]* | 0* | ??????*) listen_host_ok=false ;; esac
  if [ "$listen_host_ok" != true ] || [ "$listen_port" -gt 65535 ]; then
    fail "$1 must be a port, IPv4:port or [IPv6]:port $(got "$2")"
  fi
}
check_listen APP_LISTEN "$APP_LISTEN"
[ -f "$APP_HTML_DIR/index.html" ] || fail "APP_HTML_DIR has no index.html $(got "$APP_HTML_DIR"; printf '; build with npm run build')"

# ------------------------------------------------------------------------------------- gateway's values
if [ "$gateway" = true ]; then
  check_upstream APP_PROVIDER_UPSTREAM "$APP_PROVIDER_UPSTREAM"
  APP_PROVIDER_SCHEME=$up_scheme APP_PROVIDER_HOST=$up_host APP_PROVIDER_AUTHORITY=$up_authority
  APP_PROVIDER_SERVER=$up_server APP_PROVIDER_PATH=$up_path
  check_upstream APP_ACCOUNTS_UPSTREAM "$APP_ACCOUNTS_UPSTREAM"
  APP_ACCOUNTS_SCHEME=$up_scheme APP_ACCOUNTS_HOST=$up_host APP_ACCOUNTS_AUTHORITY=$up_authority
  APP_ACCOUNTS_SERVER=$up_server APP_ACCOUNTS_PATH=$up_path
  [ -f "$APP_UPSTREAM_CA_FILE" ] && [ -r "$APP_UPSTREAM_CA_FILE" ] ||
    fail "APP_UPSTREAM_CA_FILE is not a readable file (the CA bundle that verifies the provider's certificate) $(got "$APP_UPSTREAM_CA_FILE")"
  if [ -n "$APP_RATE_LIMIT_PER_SECOND" ]; then
    check_int APP_RATE_LIMIT_PER_SECOND "$APP_RATE_LIMIT_PER_SECOND" 1 100000
    # A second's worth of requests at once by default: a batch lookup's few parallel requests pass.
    [ -n "$APP_RATE_LIMIT_BURST" ] || APP_RATE_LIMIT_BURST=$APP_RATE_LIMIT_PER_SECOND
    check_int APP_RATE_LIMIT_BURST "$APP_RATE_LIMIT_BURST" 1 100000
  elif [ -n "$APP_RATE_LIMIT_BURST" ]; then
    fail "APP_RATE_LIMIT_BURST needs APP_RATE_LIMIT_PER_SECOND $(got "$APP_RATE_LIMIT_BURST")"
  fi
  # Requests in flight per client address: a browser has 6 connections per origin, a few tabs more.
  APP_CONN_LIMIT_PER_CLIENT=${APP_CONN_LIMIT_PER_CLIENT:-32}
  check_int APP_CONN_LIMIT_PER_CLIENT "$APP_CONN_LIMIT_PER_CLIENT" 1 100000
  # The proxies in front (the ingress, the load balancer) whose X-Forwarded-For is believed: IPv4 CIDRs
  # (or addresses) separated by spaces. A client's own X-Forwarded-For counts only behind them.
  only_chars "$APP_TRUSTED_PROXIES" "$DIGITS./ " ||
    fail "APP_TRUSTED_PROXIES must list IPv4 addresses or CIDRs (10.244.0.0/16) separated by spaces $(got "$APP_TRUSTED_PROXIES")"
  for proxy in $APP_TRUSTED_PROXIES; do
    proxy_ip=${proxy%/*}
    case $proxy in
    */*)
      proxy_bits=${proxy#*/}
      case $proxy_bits in '' | *[!0-9]* | 0?* | ???*) fail "APP_TRUSTED_PROXIES: a CIDR's prefix is 0 to 32 $(got "$proxy")" ;; esac
      [ "$proxy_bits" -le 32 ] || fail "APP_TRUSTED_PROXIES: a CIDR's prefix is 0 to 32 $(got "$proxy")"
      ;;
    esac
    case $proxy_ip in
    *[!0-9.]* | *.*.*.*.* | .* | *. | *..*) fail "APP_TRUSTED_PROXIES must list IPv4 addresses or CIDRs $(got "$proxy")" ;;
    *.*.*.*) ;;
    *) fail "APP_TRUSTED_PROXIES must list IPv4 addresses or CIDRs $(got "$proxy")" ;;
    esac
    for octet in $(printf '%s' "$proxy_ip" | tr '.' ' '); do
      case $octet in 0?* | ????*) fail "APP_TRUSTED_PROXIES must list IPv4 addresses or CIDRs $(got "$proxy")" ;; esac
      [ "$octet" -le 255 ] || fail "APP_TRUSTED_PROXIES must list IPv4 addresses or CIDRs $(got "$proxy")"
    done
  done
  # The app gives up first (docs/deployment.md, "Gateway mode"): nginx waits requestTimeoutMs + 1 s for
  # each read and write; nginx caps a connect at 75 s.
  APP_GATEWAY_TIMEOUT_MS=$((${APP_REQUEST_TIMEOUT_MS:-15000} + 1000))
  APP_GATEWAY_CONNECT_TIMEOUT_MS=$APP_GATEWAY_TIMEOUT_MS
  [ "$APP_GATEWAY_CONNECT_TIMEOUT_MS" -le 75000 ] || APP_GATEWAY_CONNECT_TIMEOUT_MS=75000
  # The app's server waits for the provider side (gateway-upstream.conf) past both of its time-outs.
  APP_GATEWAY_UPSTREAM_SIDE_TIMEOUT_MS=$((APP_GATEWAY_CONNECT_TIMEOUT_MS + APP_GATEWAY_TIMEOUT_MS + 1000))

  # One hop by default: the client is the address the trusted proxy in front appended. Recursive (every
  # trusted address skipped, from the right) only where the trusted ranges hold proxies and never an
  # operator: an operator inside a trusted range would otherwise name any address before their own.
  APP_TRUSTED_PROXIES_RECURSIVE=${APP_TRUSTED_PROXIES_RECURSIVE:-false}
  check_bool APP_TRUSTED_PROXIES_RECURSIVE "$APP_TRUSTED_PROXIES_RECURSIVE"
  [ -n "$APP_TRUSTED_PROXIES" ] || [ "$APP_TRUSTED_PROXIES_RECURSIVE" = false ] ||
    fail "APP_TRUSTED_PROXIES_RECURSIVE needs APP_TRUSTED_PROXIES"

  # The readiness probe's own listener (gateway-probe.conf.template), another port than the app's.
  if [ -n "$APP_PROBE_LISTEN" ]; then
    app_port=${APP_LISTEN##*:}
    check_listen APP_PROBE_LISTEN "$APP_PROBE_LISTEN"
    [ "$listen_port" != "$app_port" ] ||
      fail "APP_PROBE_LISTEN must be another port than APP_LISTEN's, which the Service exposes $(got "$APP_PROBE_LISTEN")"
  fi

  # The provider side listens on a socket in the runtime directory: a path of at most 107 bytes.
  [ "${#APP_RUNTIME_DIR}" -le 90 ] ||
    fail "APP_RUNTIME_DIR must be at most 90 bytes long in gateway mode (the gateway's socket is in it) $(got "$APP_RUNTIME_DIR")"

  # nginx's njs module judges the provider's answers (deploy/nginx/gateway-answer.njs): gateway mode does not
  # start without it.
  APP_NGINX_MODULES_DIR=${APP_NGINX_MODULES_DIR:-/usr/lib/nginx/modules}
  case $APP_NGINX_MODULES_DIR in
  /*) only_chars "$APP_NGINX_MODULES_DIR" "$PATH_CHARS" || fail "APP_NGINX_MODULES_DIR may hold letters, digits and - . _ / + @ only $(got "$APP_NGINX_MODULES_DIR")" ;;
  *) fail "APP_NGINX_MODULES_DIR must be an absolute path $(got "$APP_NGINX_MODULES_DIR")" ;;
  esac
  [ -f "$APP_NGINX_MODULES_DIR/ngx_http_js_module.so" ] ||
    fail "gateway mode needs nginx's njs module, $APP_NGINX_MODULES_DIR/ngx_http_js_module.so (Debian: apt-get install libnginx-mod-http-js; or set APP_NGINX_MODULES_DIR) $(got "$APP_NGINX_MODULES_DIR")"
fi

# ----------------------------------------------------------------------------------------- config.json
members=''
add() { # key json-value
  if [ -n "$members" ]; then members="$members,
"; fi
  members="$members  \"$1\": $2"
}
add mode "$(json_string "$APP_MODE")"
[ -z "$APP_SANDBOX_WORKER" ] || add sandboxWorker "$APP_SANDBOX_WORKER"
add baseUrl "$(json_string "$APP_BASE_URL")"
add accountsBaseUrl "$(json_string "$APP_ACCOUNTS_BASE_URL")"
add environmentName "$(json_string "$APP_ENVIRONMENT_NAME")"
[ -z "$APP_REQUEST_TIMEOUT_MS" ] || add requestTimeoutMs "$APP_REQUEST_TIMEOUT_MS"
[ -z "$APP_SEND_IDEMPOTENCY_KEY" ] || add sendIdempotencyKey "$APP_SEND_IDEMPOTENCY_KEY"
[ -z "$APP_CEP_LOOKUP_URL" ] || add cepLookupUrl "$(json_string "$APP_CEP_LOOKUP_URL")"
if [ -n "$APP_AUTH_AUTHORITY" ]; then
  add auth "{ \"type\": \"oidc\", \"authority\": $(json_string "$APP_AUTH_AUTHORITY"), \"clientId\": $(json_string "$APP_AUTH_CLIENT_ID"), \"scope\": $(json_string "$APP_AUTH_SCOPE"), \"redirectPath\": $(json_string "$APP_AUTH_REDIRECT_PATH") }"
fi
[ -z "$APP_REPORT_URL" ] || add reportUrl "$(json_string "$APP_REPORT_URL")"
[ -z "$APP_CSP_REPORT_URL" ] || add cspReportUrl "$(json_string "$APP_CSP_REPORT_URL")"
if [ -n "$extra_members" ]; then
  members="$members,
  $extra_members"
fi
CARTOES_CONFIG_JSON=$(printf '{\n%s\n}' "$members")
export CARTOES_CONFIG_JSON
# The whole file through the same checker: whatever went wrong above, no malformed config.json is written.
check_json CARTOES_CONFIG_JSON whole ||
  fail "the config.json written from these variables is not valid JSON (a fault of this script)"

# -------------------------------------------------------------------------------------------- the CSP
connect_src="'self'"
add_origin() {
  case " $connect_src " in *" $1 "*) ;; *) connect_src="$connect_src $1" ;; esac
}
for url in "$APP_BASE_URL" "$APP_ACCOUNTS_BASE_URL" "$APP_CEP_LOOKUP_URL" "$APP_AUTH_AUTHORITY" "$APP_REPORT_URL"; do
  origin=$(origin_of "$url")
  [ -z "$origin" ] || add_origin "$origin"
done
for extra in $APP_CONNECT_SRC_EXTRA; do add_origin "$extra"; done

# Nothing is framed: the app renews tokens with the refresh token and re-authenticates in a pop-up,
# never in an iframe (docs/decisions/008-oidc-sign-in.md).
frame_src="'none'"

# The page's one inline script (it keeps what is pressed before the app runs), allowed by its hash, which
# the build writes beside the frames (scripts/build/first-frames.ts).
script_src="'self'"
if [ -f "$APP_HTML_DIR/first-frames/script-src" ]; then
  script_hash=$(cat "$APP_HTML_DIR/first-frames/script-src")
  case "$script_hash" in
    "'sha256-"*"'") ;;
    *) fail "first-frames/script-src in APP_HTML_DIR is not a CSP hash source" ;;
  esac
  case "${script_hash#"'sha256-"}" in
    *[!A-Za-z0-9+/=\']*) fail "first-frames/script-src in APP_HTML_DIR is not a CSP hash source" ;;
  esac
  script_src="$script_src $script_hash"
fi

# Same policy as scripts/build/security-headers.ts (the preview server), plus frame-src and the report endpoint.
csp="default-src 'self'; script-src $script_src; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src $connect_src; frame-src $frame_src; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
if [ -n "$APP_CSP_REPORT_URL" ]; then
  # report-to for current browsers (with Reporting-Endpoints), report-uri for the others; both only for an
  # address without a query (csp-report.conf): a browser's report holds the page's address whole, and the
  # identity provider's return (the only address of this app with a query) carries its code and state.
  csp="$csp"'$cartoes_csp_report'
fi

# The mock Service Worker (MSW) is the sandbox running in the browser: served only where config.json asks
# for it (sandbox mode, sandboxWorker not false, the app's default being true).
if [ "$APP_MODE" = sandbox ] && [ "$APP_SANDBOX_WORKER" != false ]; then serve_worker=true; else serve_worker=false; fi

# ---------------------------------------------------------------------------------------------- write
# Directories this script creates are readable by all (nginx's workers may run as another user than a
# root master) whatever the umask; an existing directory or tmp keeps the mode its owner gave it.
[ -d "$APP_RUNTIME_DIR" ] || (umask 022 && mkdir -p -- "$APP_RUNTIME_DIR") ||
  fail "APP_RUNTIME_DIR could not be created $(got "$APP_RUNTIME_DIR")"
# No write follows a symbolic link: every file is created new (noclobber: O_EXCL), after whatever had its
# name was removed, so a FILE.tmp or marker planted as a link to another file never redirects a write or
# a chmod to it.
set -C
if [ ! -f "$APP_RUNTIME_DIR/$RUNTIME_MARKER" ] || [ -L "$APP_RUNTIME_DIR/$RUNTIME_MARKER" ]; then
  rm -f -- "$APP_RUNTIME_DIR/$RUNTIME_MARKER"
  printf '%s\n' '# Written by deploy/start.sh: the Cartoes back-office runtime directory; its files are rewritten at every start.' \
    >"$APP_RUNTIME_DIR/$RUNTIME_MARKER"
fi
[ ! -L "$APP_RUNTIME_DIR/tmp" ] || fail "APP_RUNTIME_DIR/tmp is a symbolic link: nginx's temporary files stay in the runtime directory $(got "$APP_RUNTIME_DIR")"
[ -d "$APP_RUNTIME_DIR/tmp" ] || (umask 022 && mkdir -- "$APP_RUNTIME_DIR/tmp")

# Each file is written beside its place (FILE.tmp) and moved there whole: nginx never reads half a file.
# fresh FILE: removes FILE.tmp (a file or a link left there) before it is created anew.
fresh() { # file
  rm -f -- "$APP_RUNTIME_DIR/$1.tmp"
}
commit() { # file
  [ -f "$APP_RUNTIME_DIR/$1.tmp" ] && [ ! -L "$APP_RUNTIME_DIR/$1.tmp" ] ||
    fail "$1.tmp in APP_RUNTIME_DIR is not a file this script wrote"
  chmod 644 "$APP_RUNTIME_DIR/$1.tmp"
  mv -f -- "$APP_RUNTIME_DIR/$1.tmp" "$APP_RUNTIME_DIR/$1"
}

fresh config.json
printf '%s\n' "$CARTOES_CONFIG_JSON" >"$APP_RUNTIME_DIR/config.json.tmp"
commit config.json

# Each page's first frame (docs/decisions/021-first-frame-from-the-html.md): the sign-in mode's frames as
# the build prerendered them (first-frames/<mode>/ in APP_HTML_DIR), with config.json stamped in as a JSON
# data block in place of its preload, so that the app asks for nothing before its first render. nginx
# sends each path its frame (nginx.conf.template's map). `<` is written \u003c (the same JSON string), so
# that no value can end the element, in one pass (linear in the configuration's size). A build without
# frames gets index.html, stamped likewise; a page without the preload is sent as it is (the app then
# fetches config.json).
frame_mode="$([ -n "$APP_AUTH_AUTHORITY" ] && echo oidc || echo token)-$([ "$APP_MODE" = sandbox ] && echo sandbox || echo provider)"
[ ! -L "$APP_RUNTIME_DIR/first-frames" ] || fail "APP_RUNTIME_DIR/first-frames is a symbolic link $(got "$APP_RUNTIME_DIR")"
mkdir -p "$APP_RUNTIME_DIR/first-frames"
for frame in entrar retorno produtos proposta-nova analises analises-lote cartoes contas nao-encontrada; do
  frame_source="$APP_HTML_DIR/first-frames/$frame_mode/$frame.html"
  [ -f "$frame_source" ] || frame_source="$APP_HTML_DIR/index.html"
  fresh "first-frames/$frame.html"
  CONFIG_FILE="$APP_RUNTIME_DIR/config.json" awk '
    BEGIN {
      preload = "<link rel=\"preload\" href=\"/config.json\" as=\"fetch\" crossorigin=\"anonymous\" />"
      while ((getline line < ENVIRON["CONFIG_FILE"]) > 0) json = json line "\n"
      # One pass (a loop of index and substr copies the rest of the text for each `<`: quadratic).
      gsub(/</, "\\u003c", json)
    }
    (at = index($0, preload)) > 0 && !stamped {
      printf "%s<script type=\"application/json\" id=\"runtime-config\">%s</script>%s\n", substr($0, 1, at - 1), json, substr($0, at + length(preload))
      stamped = 1
      next
    }
    { print }' "$frame_source" >"$APP_RUNTIME_DIR/first-frames/$frame.html.tmp"
  commit "first-frames/$frame.html"
done

fresh security-headers.conf
{
  echo '# Written by deploy/start.sh at start-up; edits are lost. Included by the server and every location.'
  printf 'add_header Content-Security-Policy "%s" always;\n' "$csp"
  [ -z "$APP_CSP_REPORT_URL" ] || echo 'add_header Reporting-Endpoints $cartoes_reporting_endpoints always;'
  echo 'add_header X-Frame-Options "DENY" always;'
  echo 'add_header X-Content-Type-Options "nosniff" always;'
  echo 'add_header Referrer-Policy "no-referrer" always;'
  echo 'add_header Cross-Origin-Opener-Policy "same-origin" always;'
  echo 'add_header Permissions-Policy "camera=(), microphone=(), geolocation=(), payment=()" always;'
  if [ "$APP_HSTS" = true ]; then
    # Only where TLS ends at this nginx (or the proxy in front passes this header on): docs/deployment.md.
    echo 'add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;'
  fi
} >"$APP_RUNTIME_DIR/security-headers.conf.tmp"
commit security-headers.conf

# Gateway mode: the answers at /api/ and /accounts/ (the provider's JSON, the gateway's Error objects) are
# never a page, so they get a policy of their own: nothing runs or loads, a document made of one is
# sandboxed (an opaque origin: no script, no cookie, no BroadcastChannel of the app's), no other origin
# may embed or read it. The pages' script-src 'self' would cover /api/, and a page of the provider's there
# would run as the app.
fresh gateway-security-headers.conf
{
  echo '# Written by deploy/start.sh at start-up; edits are lost. Included by the gateway locations and the probe.'
  if [ "$gateway" = true ]; then
    echo "add_header Content-Security-Policy \"default-src 'none'; frame-ancestors 'none'; sandbox\" always;"
    echo 'add_header Cross-Origin-Resource-Policy "same-origin" always;'
    echo 'add_header X-Frame-Options "DENY" always;'
    echo 'add_header X-Content-Type-Options "nosniff" always;'
    echo 'add_header Referrer-Policy "no-referrer" always;'
    echo 'add_header Cross-Origin-Opener-Policy "same-origin" always;'
    echo 'add_header Permissions-Policy "camera=(), microphone=(), geolocation=(), payment=()" always;'
    [ "$APP_HSTS" != true ] || echo 'add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;'
  fi
} >"$APP_RUNTIME_DIR/gateway-security-headers.conf.tmp"
commit gateway-security-headers.conf

fresh csp-report.conf
{
  echo '# Written by deploy/start.sh at start-up: the CSP report directives, by whether the address has a query.'
  if [ -n "$APP_CSP_REPORT_URL" ]; then
    # nginx adds no header whose value is empty.
    # $request_uri is the address as the browser asked for it: $args is emptied by try_files' fallback.
    printf 'map $request_uri $cartoes_csp_report {\n  "~[?]" "";\n  default "; report-uri %s; report-to csp";\n}\n' "$APP_CSP_REPORT_URL"
    printf 'map $request_uri $cartoes_reporting_endpoints {\n  "~[?]" "";\n  default %s;\n}\n' "'csp=\"$APP_CSP_REPORT_URL\"'"
  fi
} >"$APP_RUNTIME_DIR/csp-report.conf.tmp"
commit csp-report.conf

fresh sandbox-worker.conf
{
  echo '# Written by deploy/start.sh at start-up: whether /mockServiceWorker.js is served.'
  if [ "$serve_worker" = true ]; then
    echo '# Sandbox mode with the worker: the sandbox runs in the browser and needs it.'
    echo 'try_files $uri =404;'
  else
    echo '# Not sandbox mode with the worker: the file is a build leftover here.'
    echo 'return 404;'
  fi
} >"$APP_RUNTIME_DIR/sandbox-worker.conf.tmp"
commit sandbox-worker.conf

# A template's ${APP_...} placeholders (and only those: nginx's own $uri etc. stay) replaced literally, by
# index/substr: a value is never read as a pattern or a replacement. The values were checked above.
# The identity provider's return, for the first frames' map: checked above when OpenID Connect is on.
APP_FRAME_RETURN_PATH=/entrar/retorno
[ -z "$APP_AUTH_AUTHORITY" ] || APP_FRAME_RETURN_PATH=$APP_AUTH_REDIRECT_PATH
PLACEHOLDERS='APP_RUNTIME_DIR APP_HTML_DIR APP_LISTEN APP_MIME_TYPES APP_ACCESS_LOG APP_ERROR_LOG APP_FRAME_RETURN_PATH APP_WORKER_PROCESSES'
if [ "$gateway" = true ]; then
  PLACEHOLDERS="$PLACEHOLDERS APP_UPSTREAM_CA_FILE APP_GATEWAY_TIMEOUT_MS APP_GATEWAY_CONNECT_TIMEOUT_MS APP_GATEWAY_UPSTREAM_SIDE_TIMEOUT_MS APP_CONN_LIMIT_PER_CLIENT APP_PROBE_LISTEN"
  for part in SCHEME HOST AUTHORITY SERVER PATH; do PLACEHOLDERS="$PLACEHOLDERS APP_PROVIDER_$part APP_ACCOUNTS_$part"; done
fi
export PLACEHOLDERS
# shellcheck disable=SC2086 # the names are this script's own, without spaces
export $PLACEHOLDERS
render() { # template file (in the runtime directory)
  fresh "$2"
  awk '
    BEGIN { count = split(ENVIRON["PLACEHOLDERS"], names, " ") }
    {
      line = $0
      for (i = 1; i <= count; i++) {
        placeholder = "${" names[i] "}"
        done = ""
        while ((at = index(line, placeholder)) > 0) {
          done = done substr(line, 1, at - 1) ENVIRON[names[i]]
          line = substr(line, at + length(placeholder))
        }
        line = done line
      }
      print line
    }' "$1" >"$APP_RUNTIME_DIR/$2.tmp"
  if grep -q '\${APP_[A-Z_]*}' "$APP_RUNTIME_DIR/$2.tmp"; then
    fail "$1 has a placeholder this script does not fill: $(grep -o '\${APP_[A-Z_]*}' "$APP_RUNTIME_DIR/$2.tmp" | head -n 1)"
  fi
  commit "$2"
}
# A file nginx includes that has nothing to say in this configuration.
write_off() { # file why
  fresh "$1"
  printf '# Written by deploy/start.sh at start-up: %s\n' "$2" >"$APP_RUNTIME_DIR/$1.tmp"
  commit "$1"
}

GATEWAY_FILES='gateway-modules.conf gateway-http.conf gateway-locations.conf gateway-proxy.conf gateway-answer.conf gateway-upstream.conf gateway-upstream-proxy.conf gateway-probe.conf gateway-real-ip.conf gateway-rate-limit-zone.conf gateway-rate-limit.conf'
if [ "$gateway" = true ]; then
  fresh gateway-modules.conf
  {
    echo "# Written by deploy/start.sh at start-up: nginx's njs module, which runs gateway-answer.njs."
    printf 'load_module %s/ngx_http_js_module.so;\n' "$APP_NGINX_MODULES_DIR"
  } >"$APP_RUNTIME_DIR/gateway-modules.conf.tmp"
  commit gateway-modules.conf
  # The answer filter, as it is (no placeholder in it), beside the files that import it.
  fresh gateway-answer.njs
  sed -n p "$DEPLOY_DIR/nginx/gateway-answer.njs" >"$APP_RUNTIME_DIR/gateway-answer.njs.tmp"
  commit gateway-answer.njs
  render "$DEPLOY_DIR/nginx/gateway-http.conf.template" gateway-http.conf
  render "$DEPLOY_DIR/nginx/gateway-locations.conf.template" gateway-locations.conf
  render "$DEPLOY_DIR/nginx/gateway-proxy.conf.template" gateway-proxy.conf
  render "$DEPLOY_DIR/nginx/gateway-answer.conf.template" gateway-answer.conf
  render "$DEPLOY_DIR/nginx/gateway-upstream.conf.template" gateway-upstream.conf
  render "$DEPLOY_DIR/nginx/gateway-upstream-proxy.conf.template" gateway-upstream-proxy.conf
  if [ -n "$APP_PROBE_LISTEN" ]; then
    render "$DEPLOY_DIR/nginx/gateway-probe.conf.template" gateway-probe.conf
  else
    write_off gateway-probe.conf 'no readiness listener (APP_PROBE_LISTEN unset).'
  fi
  # A socket a previous nginx left (a container restarted in the same emptyDir, a host nginx killed):
  # nginx would not bind over it. Nothing but this runtime directory's nginx listens there.
  rm -f -- "$APP_RUNTIME_DIR/gateway.sock"
  fresh gateway-real-ip.conf
  {
    echo '# Written by deploy/start.sh at start-up: the proxies whose X-Forwarded-For is believed (APP_TRUSTED_PROXIES).'
    if [ -n "$APP_TRUSTED_PROXIES" ]; then
      for proxy in $APP_TRUSTED_PROXIES; do printf 'set_real_ip_from %s;\n' "$proxy"; done
      echo 'real_ip_header X-Forwarded-For;'
      printf 'real_ip_recursive %s;\n' "$([ "$APP_TRUSTED_PROXIES_RECURSIVE" = true ] && echo on || echo off)"
    fi
  } >"$APP_RUNTIME_DIR/gateway-real-ip.conf.tmp"
  commit gateway-real-ip.conf
  if [ -n "$APP_RATE_LIMIT_PER_SECOND" ]; then
    fresh gateway-rate-limit-zone.conf
    {
      echo '# Written by deploy/start.sh at start-up: the per-client rate limit (APP_RATE_LIMIT_PER_SECOND).'
      printf 'limit_req_zone $binary_remote_addr zone=cartoes_gateway:10m rate=%sr/s;\n' "$APP_RATE_LIMIT_PER_SECOND"
    } >"$APP_RUNTIME_DIR/gateway-rate-limit-zone.conf.tmp"
    commit gateway-rate-limit-zone.conf
    fresh gateway-rate-limit.conf
    {
      echo '# Written by deploy/start.sh at start-up: the per-client rate limit, past its burst a 429.'
      printf 'limit_req zone=cartoes_gateway burst=%s nodelay;\n' "$APP_RATE_LIMIT_BURST"
    } >"$APP_RUNTIME_DIR/gateway-rate-limit.conf.tmp"
    commit gateway-rate-limit.conf
  else
    write_off gateway-rate-limit-zone.conf 'no rate limit (APP_RATE_LIMIT_PER_SECOND unset).'
    write_off gateway-rate-limit.conf 'no rate limit (APP_RATE_LIMIT_PER_SECOND unset).'
  fi
else
  for file in $GATEWAY_FILES; do
    write_off "$file" 'not gateway mode (APP_PROVIDER_UPSTREAM unset): the provider is called directly.'
  done
fi
render "$DEPLOY_DIR/nginx/nginx.conf.template" nginx.conf

printf 'deploy/start.sh: wrote config.json, security-headers.conf, csp-report.conf, sandbox-worker.conf, gateway-*.conf and nginx.conf in %s (connect-src %s; /mockServiceWorker.js %s; gateway %s)\n' \
  "$APP_RUNTIME_DIR" "$connect_src" "$([ "$serve_worker" = true ] && echo served || echo 404)" \
  "$([ "$gateway" = true ] && printf '/api -> %s, /accounts -> %s' "$APP_PROVIDER_UPSTREAM" "$APP_ACCOUNTS_UPSTREAM" || echo off)" >&2

if [ "$#" -gt 0 ]; then exec "$@"; fi
