#!/usr/bin/env bash
# `npm test`: every check CI runs, in order, stopping at the first failure; then each step's wall time
# against its budget (seconds on an idle 2-core machine, docs/testing.md). A step over its budget is a
# signal to look at its slowest tests (Playwright lists its slow files; every test's time is in the JSON
# reports in .test-reports/), not a failure.
set -uo pipefail
cd "$(dirname "$0")/../.."
rm -rf .test-reports # this run's reports only
started=$SECONDS
table=''

summary() { # $1: the outcome
  local total=$((SECONDS - started))
  printf '\nnpm test: %s in %d min %02d s\n\n  %-38s %6s %7s\n%s' "$1" $((total / 60)) $((total % 60)) \
    step wall budget "$table"
}

step() { # $1: budget in seconds, $2: name, $3: a shell command
  local from=$SECONDS code wall mark=✓ note=''
  printf '\n▶ %s\n' "$2"
  bash -c "$3"
  code=$?
  wall=$((SECONDS - from))
  [ "$code" = 0 ] || mark=✗
  [ "$wall" -le "$1" ] || note='  over budget'
  table+=$(printf '%s %-38s %4d s %5d s%s' "$mark" "$2" "$wall" "$1" "$note")$'\n'
  if [ "$code" != 0 ]; then
    summary "FAILED at \"$2\""
    exit "$code"
  fi
}

# The budgets add up to the whole suite's 8 minutes (docs/testing.md). The static checks run side by
# side (each waits for the others' CPU less than it would in a row) and the step fails when any of them
# fails; the rest one after the other, since each needs the machine to keep its own time bounds.
step 60 'types, lint, format' '
  npx tsc -p tsconfig.json & types=$!
  npx eslint . --ignore-pattern "bench/" --max-warnings 0 & lint=$!
  npx prettier --check . --log-level warn & format=$!
  failed=0
  for check in $types $lint $format; do wait $check || failed=1; done
  exit $failed'
step 120 'unit and page tests (Vitest)' \
  'npx vitest run --reporter=dot --reporter=json --outputFile.json=.test-reports/vitest.json'
step 15 'build + size budget' 'npm run --silent build -- --logLevel warn && npm run --silent size'
step 240 'end-to-end and pictures (Playwright)' 'npx playwright test'
step 45 'end-to-end (Playwright, nginx)' 'npx playwright test -c playwright.nginx.config.ts'
summary 'all green'
