#!/usr/bin/env bash
# Set up everything and run every test: Python suite on SQLite (and again on PostgreSQL when
# TEST_DATABASE_URL is set), lint, the webapp's unit tests, the benchmark smoke run
# (scripts/bench-smoke.sh), and the Playwright flows in Chromium against a freshly seeded server.
source "$(dirname "${BASH_SOURCE[0]}")/_python_env.sh"
cd "$ROOT"
export HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-ci}"
log="$(mktemp)"  # every runner's output, to add up the totals at the end

echo "== lint"
ruff format --check .
ruff check .
mypy  # services/ and bench/, as configured in pyproject.toml ([tool.mypy])
"$ROOT/scripts/check-compose.sh"  # docker-compose.yml (installs Debian's docker-compose when missing)
# PgBouncer for tests/cart/test_pgbouncer.py (the API behind it in transaction mode), from Debian's
# archive when missing, so this script alone runs every test on a fresh machine.
if [ -n "${TEST_DATABASE_URL:-}" ] && [ ! -x /usr/sbin/pgbouncer ]; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer >/dev/null
fi

# Each run spreads its test files over PYTEST_WORKERS processes (pytest-xdist; default one per
# core): a file's tests stay in one process, so its module-scoped fixtures are built once; each
# process has its own PostgreSQL schema, temporary folders and ports (tests/conftest.py).
pytest_workers="${PYTEST_WORKERS:-$(nproc 2>/dev/null || echo 2)}"
echo "== python tests on SQLite ($pytest_workers processes)"
env -u TEST_DATABASE_URL python -m pytest -p no:cacheprovider -n "$pytest_workers" --dist loadfile | tee -a "$log"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== python tests on PostgreSQL ($TEST_DATABASE_URL, $pytest_workers processes)"
  python -m pytest -p no:cacheprovider -n "$pytest_workers" --dist loadfile -m "not cluster" | tee -a "$log"
  # The tests that start server and worker clusters (marked `cluster` by tests/conftest.py) run
  # afterwards in one process: beside the other worker's tests their pools could pass
  # PostgreSQL's 100 connections ("too many clients").
  echo "== python cluster tests on PostgreSQL (one process)"
  python -m pytest -p no:cacheprovider -p no:xdist -m cluster | tee -a "$log"
fi

echo "== webapp build and unit tests"
source "$ROOT/scripts/_webapp_build.sh"
# The committed OpenAPI document and the TS types made from it must match the back end
# (webapp/scripts/gen-api.sh regenerates both into a temporary folder and diffs them).
(cd webapp && npm run --silent check:api) | tee -a "$log"
# The shopper's initial JavaScript stays within its budget (docs/targets.md section 4.7).
(cd webapp && npm run --silent check:size) | tee -a "$log"
(cd webapp && npm run --silent lint && npm run --silent typecheck && NO_COLOR=1 npm run --silent test) | tee -a "$log"

echo "== benchmark smoke run"
# Every bench/ script once with tiny parameters (Lighthouse needs the build above), on SQLite and,
# with TEST_DATABASE_URL, on PostgreSQL: they must run to the end; their figures mean nothing here.
"$ROOT/scripts/bench-smoke.sh"

echo "== browser tests (Playwright in Debian's Chromium)"
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
fi
e2e_dir="$(mktemp -d)"
port="${E2E_PORT:-8765}"
export DATA_DIR="$e2e_dir" DATABASE_URL="sqlite:///$e2e_dir/shop.sqlite3"
# The seeded admin signs in to read the admin-only mail sink (webapp/e2e/support/mailbox.ts).
export DEMO_STAFF_PASSWORD="${DEMO_STAFF_PASSWORD:-e2e-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')}"
export E2E_STAFF_EMAIL="${E2E_STAFF_EMAIL:-admin@halvard.gg}" E2E_STAFF_PASSWORD="${E2E_STAFF_PASSWORD:-$DEMO_STAFF_PASSWORD}"
# The seeded support user (role support) uses the support console (webapp/e2e/support.spec.ts).
export E2E_SUPPORT_EMAIL="${E2E_SUPPORT_EMAIL:-support@halvard.gg}"
export E2E_ANALYST_EMAIL="${E2E_ANALYST_EMAIL:-analyst@halvard.gg}"
# Rate limits (docs/operations.md, Security): every browser test comes from 127.0.0.1 through this
# one server, so the per-client limits are generous here; the per-cart coupon limit keeps its real
# default (5 refused guesses per 10 minutes), which e2e/coupon-limit.spec.ts exercises.
export RATE_LIMIT_CART_COMMANDS="10000/minute" RATE_LIMIT_NEW_CARTS="10000/minute"
export RATE_LIMIT_COUPON_FAILURES_PER_CLIENT="10000/minute" RATE_LIMIT_PLACE_ORDER="10000/minute"
export RATE_LIMIT_CONTACT="10000/minute" RATE_LIMIT_NEWSLETTER="10000/minute"
export RATE_LIMIT_STAFF_LOGIN_PER_EMAIL="10000/minute" RATE_LIMIT_STAFF_LOGIN_PER_CLIENT="10000/minute"
unset RATE_LIMIT_COUPON_FAILURES_PER_CART
python -m services.api.cli migrate >/dev/null
python -m services.api.cli seed >/dev/null
python -m services.api.cli serve --port "$port" >"$e2e_dir/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  sleep 0.2
done
(cd webapp && E2E_BASE_URL="http://127.0.0.1:$port" NO_COLOR=1 npm run --silent e2e) | tee -a "$log" || { tail -50 "$e2e_dir/server.log"; exit 1; }

# One plain closing line adding up pytest ("87 passed in 22s"), vitest ("Tests  113 passed (113)")
# and Playwright ("  6 passed (13.3s)").
total=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | awk '
  /^[0-9]+ passed/ { s += $1 }
  /^ *Tests +[0-9]+ passed/ { s += $2 }
  /^ +[0-9]+ passed \(/ { s += $1 }
  END { print s + 0 }')
echo "== all tests passed"
echo "total: ${total:-0} passed, 0 failed"
