#!/bin/sh
# Cartões back-office: start-up of the web server, in the container (deploy/Dockerfile) and on a host
# (npm run serve:nginx, or a systemd ExecStartPre). From environment variables it writes, into
# APP_RUNTIME_DIR:
#   config.json            the app's runtime configuration (README, "Configuration")
#   security-headers.conf  the security headers, included by every nginx location (CSP connect-src from the URLs)
#   nginx.conf             deploy/nginx/nginx.conf.template with the ${APP_...} placeholders filled in
# then, when given arguments, runs them (exec), e.g.:
#   deploy/start.sh nginx -p "$APP_RUNTIME_DIR" -c "$APP_RUNTIME_DIR/nginx.conf" -e stderr -g 'daemon off;'
# It refuses to start, naming the variable, when a required one is missing or a value is malformed.
# Every variable: docs/deployment.md. POSIX sh only (the nginx image has no bash, jq or node).
set -eu

DEPLOY_DIR=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)

fail() {
  printf 'deploy/start.sh: %s\n' "$1" >&2
  exit 64
}

# Characters that could break out of a JSON string or an nginx header value are refused outright.
check_safe() { # name value
  case $2 in
  *[\"\\\;\'\`\$\ ]* | *"	"*) fail "$1 must not contain quotes, backslashes, semicolons, dollar signs or spaces (got: $2)" ;;
  esac
  if [ "$(printf '%s' "$2" | tr -d '[:cntrl:]')" != "$2" ]; then fail "$1 must not contain control characters"; fi
}

# An absolute http(s) URL or a path on this origin, no trailing slash: what the app's config schema accepts.
check_base_url() { # name value
  [ -n "$2" ] || fail "$1 is required (the provider's URL, e.g. https://cards.provider.example/api)"
  check_safe "$1" "$2"
  if printf '%s' "$2" | grep -Eq '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/.*)?$'; then
    :
  elif printf '%s' "$2" | grep -Eq '^/'; then
    :
  else
    fail "$1 must be an http(s) URL or a path starting with / (got: $2)"
  fi
  case $2 in */) fail "$1 must not end with / (got: $2)" ;; esac
}

# An absolute http(s) URL (for origins that must join the CSP).
check_absolute_url() { # name value
  check_safe "$1" "$2"
  printf '%s' "$2" | grep -Eq '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/.*)?$' ||
    fail "$1 must be an absolute http(s) URL (got: $2)"
}

check_bool() { # name value
  case $2 in true | false) ;; *) fail "$1 must be true or false (got: $2)" ;; esac
}

check_int() { # name value min max
  case $2 in '' | *[!0-9]*) fail "$1 must be a whole number (got: $2)" ;; esac
  if [ "$2" -lt "$3" ] || [ "$2" -gt "$4" ]; then fail "$1 must be between $3 and $4 (got: $2)"; fi
}

# scheme://host[:port] of an absolute URL; nothing for a path.
origin_of() {
  printf '%s' "$1" | sed -n -E 's#^(https?://[^/]+).*#\1#p'
}

# A JSON string literal (quotes and backslashes escaped; control characters were refused before).
json_string() {
  printf '"%s"' "$(printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g')"
}

# ---------------------------------------------------------------------------------------------- inputs
APP_BASE_URL=${APP_BASE_URL-}
APP_ACCOUNTS_BASE_URL=${APP_ACCOUNTS_BASE_URL-}
check_base_url APP_BASE_URL "$APP_BASE_URL"
check_base_url APP_ACCOUNTS_BASE_URL "$APP_ACCOUNTS_BASE_URL"

APP_MODE=${APP_MODE:-provider}
case $APP_MODE in provider | sandbox) ;; *) fail "APP_MODE must be provider or sandbox (got: $APP_MODE)" ;; esac
APP_ENVIRONMENT_NAME=${APP_ENVIRONMENT_NAME:-Produção}
if [ "$(printf '%s' "$APP_ENVIRONMENT_NAME" | tr -d '[:cntrl:]')" != "$APP_ENVIRONMENT_NAME" ]; then
  fail "APP_ENVIRONMENT_NAME must not contain control characters"
fi
APP_REQUEST_TIMEOUT_MS=${APP_REQUEST_TIMEOUT_MS-}
[ -z "$APP_REQUEST_TIMEOUT_MS" ] || check_int APP_REQUEST_TIMEOUT_MS "$APP_REQUEST_TIMEOUT_MS" 1000 120000
APP_SEND_IDEMPOTENCY_KEY=${APP_SEND_IDEMPOTENCY_KEY-}
[ -z "$APP_SEND_IDEMPOTENCY_KEY" ] || check_bool APP_SEND_IDEMPOTENCY_KEY "$APP_SEND_IDEMPOTENCY_KEY"
APP_SANDBOX_WORKER=${APP_SANDBOX_WORKER-}
[ -z "$APP_SANDBOX_WORKER" ] || check_bool APP_SANDBOX_WORKER "$APP_SANDBOX_WORKER"

APP_CEP_LOOKUP_URL=${APP_CEP_LOOKUP_URL-}
[ -z "$APP_CEP_LOOKUP_URL" ] || check_absolute_url APP_CEP_LOOKUP_URL "$APP_CEP_LOOKUP_URL"

APP_AUTH_AUTHORITY=${APP_AUTH_AUTHORITY-}
APP_AUTH_CLIENT_ID=${APP_AUTH_CLIENT_ID-}
APP_AUTH_SCOPE=${APP_AUTH_SCOPE:-openid}
APP_AUTH_REDIRECT_PATH=${APP_AUTH_REDIRECT_PATH:-/entrar/retorno}
if [ -n "$APP_AUTH_AUTHORITY" ]; then
  check_absolute_url APP_AUTH_AUTHORITY "$APP_AUTH_AUTHORITY"
  [ -n "$APP_AUTH_CLIENT_ID" ] || fail "APP_AUTH_CLIENT_ID is required when APP_AUTH_AUTHORITY is set"
  check_safe APP_AUTH_CLIENT_ID "$APP_AUTH_CLIENT_ID"
  case $APP_AUTH_REDIRECT_PATH in /*) ;; *) fail "APP_AUTH_REDIRECT_PATH must start with / (got: $APP_AUTH_REDIRECT_PATH)" ;; esac
  check_safe APP_AUTH_REDIRECT_PATH "$APP_AUTH_REDIRECT_PATH"
  if [ "$(printf '%s' "$APP_AUTH_SCOPE" | tr -d '[:cntrl:]"\\')" != "$APP_AUTH_SCOPE" ]; then
    fail "APP_AUTH_SCOPE must not contain quotes, backslashes or control characters"
  fi
elif [ -n "$APP_AUTH_CLIENT_ID" ]; then
  fail "APP_AUTH_AUTHORITY is required when APP_AUTH_CLIENT_ID is set"
fi

APP_CSP_REPORT_URL=${APP_CSP_REPORT_URL-}
[ -z "$APP_CSP_REPORT_URL" ] || check_absolute_url APP_CSP_REPORT_URL "$APP_CSP_REPORT_URL"

# Further origins for connect-src, separated by spaces (e.g. for keys passed through APP_EXTRA_CONFIG_JSON).
APP_CONNECT_SRC_EXTRA=${APP_CONNECT_SRC_EXTRA-}
for extra in $APP_CONNECT_SRC_EXTRA; do
  printf '%s' "$extra" | grep -Eq '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?$' ||
    fail "APP_CONNECT_SRC_EXTRA must list origins (scheme://host[:port]) separated by spaces (got: $extra)"
done

# Members of a JSON object merged into config.json as they are (keys this script has no variable for).
APP_EXTRA_CONFIG_JSON=${APP_EXTRA_CONFIG_JSON-}
extra_members=''
if [ -n "$APP_EXTRA_CONFIG_JSON" ]; then
  trimmed=$(printf '%s' "$APP_EXTRA_CONFIG_JSON" | tr '\n\r\t' '   ' | sed -e 's/^ *//' -e 's/ *$//')
  case $trimmed in
  '{'*'}') extra_members=$(printf '%s' "$trimmed" | sed -e 's/^{//' -e 's/}$//' -e 's/^ *//' -e 's/ *$//') ;;
  *) fail "APP_EXTRA_CONFIG_JSON must be a JSON object, {...} (got: $APP_EXTRA_CONFIG_JSON)" ;;
  esac
fi

APP_HSTS=${APP_HSTS:-false}
check_bool APP_HSTS "$APP_HSTS"

APP_RUNTIME_DIR=${APP_RUNTIME_DIR:-/etc/nginx/cartoes}
APP_HTML_DIR=${APP_HTML_DIR:-/usr/share/nginx/html}
APP_LISTEN=${APP_LISTEN:-8080}
APP_MIME_TYPES=${APP_MIME_TYPES:-/etc/nginx/mime.types}
APP_ACCESS_LOG=${APP_ACCESS_LOG:-/dev/stdout}
for name in APP_RUNTIME_DIR APP_HTML_DIR APP_MIME_TYPES APP_ACCESS_LOG; do
  eval "value=\$$name"
  case $value in /*) check_safe "$name" "$value" ;; *) fail "$name must be an absolute path (got: $value)" ;; esac
done
printf '%s' "$APP_LISTEN" | grep -Eq '^([0-9.]+:)?[0-9]{1,5}$' ||
  fail "APP_LISTEN must be a port or address:port (got: $APP_LISTEN)"
[ -f "$APP_HTML_DIR/index.html" ] || fail "APP_HTML_DIR has no index.html (got: $APP_HTML_DIR; build with npm run build)"

# ------------------------------------------------------------------------------------------ config.json
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
[ -z "$APP_CSP_REPORT_URL" ] || add cspReportUrl "$(json_string "$APP_CSP_REPORT_URL")"
if [ -n "$extra_members" ]; then
  members="$members,
  $extra_members"
fi

# ---------------------------------------------------------------------------------------------- the CSP
connect_src="'self'"
add_origin() {
  case " $connect_src " in *" $1 "*) ;; *) connect_src="$connect_src $1" ;; esac
}
for url in "$APP_BASE_URL" "$APP_ACCOUNTS_BASE_URL" "$APP_CEP_LOOKUP_URL" "$APP_AUTH_AUTHORITY"; do
  origin=$(origin_of "$url")
  [ -z "$origin" ] || add_origin "$origin"
done
for extra in $APP_CONNECT_SRC_EXTRA; do add_origin "$extra"; done

# Nothing is framed: the app renews tokens with the refresh token and re-authenticates in a pop-up,
# never in an iframe (docs/decisions/008-oidc-sign-in.md).
frame_src="'none'"

# Same policy as scripts/security-headers.ts (the preview server), plus frame-src and the report endpoint.
csp="default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src $connect_src; frame-src $frame_src; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
if [ -n "$APP_CSP_REPORT_URL" ]; then
  # report-to for current browsers (with Reporting-Endpoints), report-uri for the others.
  csp="$csp; report-uri $APP_CSP_REPORT_URL; report-to csp"
fi

# ------------------------------------------------------------------------------------------------ write
mkdir -p "$APP_RUNTIME_DIR/tmp"
# nginx's workers may run as another user than the one running this script (root master): readable by all.
chmod 755 "$APP_RUNTIME_DIR" "$APP_RUNTIME_DIR/tmp"

tmp_config="$APP_RUNTIME_DIR/config.json.tmp"
printf '{\n%s\n}\n' "$members" >"$tmp_config"
chmod 644 "$tmp_config"
mv "$tmp_config" "$APP_RUNTIME_DIR/config.json"

{
  echo '# Written by deploy/start.sh at start-up; edits are lost. Included by every location in nginx.conf.'
  echo "add_header Content-Security-Policy \"$csp\" always;"
  [ -z "$APP_CSP_REPORT_URL" ] || echo "add_header Reporting-Endpoints 'csp=\"$APP_CSP_REPORT_URL\"' always;"
  echo 'add_header X-Frame-Options "DENY" always;'
  echo 'add_header X-Content-Type-Options "nosniff" always;'
  echo 'add_header Referrer-Policy "no-referrer" always;'
  echo 'add_header Cross-Origin-Opener-Policy "same-origin" always;'
  echo 'add_header Permissions-Policy "camera=(), microphone=(), geolocation=(), payment=()" always;'
  if [ "$APP_HSTS" = true ]; then
    # Only where TLS ends at this nginx (or the proxy in front passes this header on): docs/deployment.md.
    echo 'add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;'
  fi
} >"$APP_RUNTIME_DIR/security-headers.conf"
chmod 644 "$APP_RUNTIME_DIR/security-headers.conf"

# envsubst with an explicit list (nginx's own $uri etc. must survive), in sed: the image has no gettext.
# The values were checked above to hold no '#', '\' or '&' that would confuse sed... except paths with '&':
for name in APP_RUNTIME_DIR APP_HTML_DIR APP_LISTEN APP_MIME_TYPES APP_ACCESS_LOG; do
  eval "value=\$$name"
  case $value in *'#'* | *'&'*) fail "$name must not contain # or & (got: $value)" ;; esac
done
sed -e "s#\${APP_RUNTIME_DIR}#$APP_RUNTIME_DIR#g" \
  -e "s#\${APP_HTML_DIR}#$APP_HTML_DIR#g" \
  -e "s#\${APP_LISTEN}#$APP_LISTEN#g" \
  -e "s#\${APP_MIME_TYPES}#$APP_MIME_TYPES#g" \
  -e "s#\${APP_ACCESS_LOG}#$APP_ACCESS_LOG#g" \
  "$DEPLOY_DIR/nginx/nginx.conf.template" >"$APP_RUNTIME_DIR/nginx.conf"
chmod 644 "$APP_RUNTIME_DIR/nginx.conf"

printf 'deploy/start.sh: wrote config.json, security-headers.conf and nginx.conf in %s (connect-src %s)\n' \
  "$APP_RUNTIME_DIR" "$connect_src" >&2

if [ "$#" -gt 0 ]; then exec "$@"; fi
