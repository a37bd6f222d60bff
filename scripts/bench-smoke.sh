#!/usr/bin/env bash
# Benchmark smoke run: every script in bench/ once with tiny parameters, so that none of them
# rots. It checks that each runs to the end and prints its figures (exit status 0), not the
# figures themselves: on a busy machine and with these sizes they mean nothing.
#
#   scripts/bench-smoke.sh            # SQLite; PostgreSQL too when TEST_DATABASE_URL is set
#
# SQLite: projection_rebuild.py, analytics_rebuild.py, configurator_validate.py and
# support_timeline.py (each its own seeded file), catalog_import.py (its own seeded file and
# server), catalog_reads.py
# (own seeded server) and lighthouse.py (own seeded server serving webapp/dist, built first when
# missing; Chromium at /usr/bin/chromium). PostgreSQL (TEST_DATABASE_URL): projection_rebuild.py,
# analytics_rebuild.py, configurator_validate.py, support_timeline.py, catalog_import.py and catalog_reads.py again, each in a private schema, and the
# PostgreSQL-only cart_commands.py and cart_reliability.py, each in a schema of its own named
# after this run, dropped at the end. Servers listen on
# BENCH_SMOKE_PORT (default 8890) to BENCH_SMOKE_PORT+3. Stops at the first script that fails.
# docs/operations.md ("Benchmarks") says what each benchmark measures and how to run it in full.
source "$(dirname "${BASH_SOURCE[0]}")/_python_env.sh"
cd "$ROOT"
export PYTHONPATH="$ROOT${PYTHONPATH:+:$PYTHONPATH}"
port="${BENCH_SMOKE_PORT:-8890}"
limit="${BENCH_SMOKE_TIMEOUT:-600}"  # seconds one script may take before it counts as hung

apt_install() {  # apt_install COMMAND PACKAGE: install PACKAGE from Debian when COMMAND is missing
  command -v "$1" >/dev/null 2>&1 && return
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
}
apt_install wrk wrk                # the load generator of catalog_reads.py and cart_commands.py
apt_install chromium chromium      # Lighthouse's browser (Debian's; never a downloaded one)
if [ ! -f webapp/dist/index.html ]; then
  source "$ROOT/scripts/_webapp_build.sh"
fi

summary=()
run() {  # run LABEL COMMAND...: run one benchmark, print its output, note its time
  local label="$1" started=$SECONDS
  shift
  echo "-- $label: $*"
  if ! timeout "$limit" "$@"; then
    echo "== benchmark smoke run FAILED: $label (exit status above; ${limit}s limit)" >&2
    exit 1
  fi
  summary+=("$(printf '%-40s ok %4ds' "$label" $((SECONDS - started)))")
}

sqlite=(env -u DATABASE_URL)  # the SQLite runs ignore a DATABASE_URL set outside
run "projection_rebuild.py (SQLite)" "${sqlite[@]}" python bench/projection_rebuild.py \
  --events 2000 --carts 50 --batch-size 500 --repeat 1
run "analytics_rebuild.py (SQLite)" "${sqlite[@]}" python bench/analytics_rebuild.py \
  --events 2000 --carts 50 --batch-size 500 --repeat 1 --live-events 200
run "configurator_validate.py (SQLite)" "${sqlite[@]}" python bench/configurator_validate.py --builds 200 --warmup 20
run "support_timeline.py (SQLite)" "${sqlite[@]}" python bench/support_timeline.py --events 120 --repeat 2 --warmup 0
run "catalog_reads.py (SQLite)" "${sqlite[@]}" BENCH_WORKERS=1 python bench/catalog_reads.py \
  --spawn --port "$port" --concurrency 4 --seconds 1 --warmup 1
run "catalog_import.py (SQLite)" "${sqlite[@]}" python bench/catalog_import.py \
  --rows 300 --batch-size 100 --serve --baseline-seconds 1 --port $((port + 2))
run "lighthouse.py (SQLite)" "${sqlite[@]}" python bench/lighthouse.py \
  --spawn --port $((port + 1)) --page home --page cart

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  pg="$TEST_DATABASE_URL"
  run "projection_rebuild.py (PostgreSQL)" env DATABASE_URL="$pg" python bench/projection_rebuild.py \
    --events 2000 --carts 50 --batch-size 500 --repeat 1
  run "analytics_rebuild.py (PostgreSQL)" env DATABASE_URL="$pg" python bench/analytics_rebuild.py \
    --events 2000 --carts 50 --batch-size 500 --repeat 1 --live-events 200
  run "configurator_validate.py (PostgreSQL)" env DATABASE_URL="$pg" python bench/configurator_validate.py \
    --builds 200 --warmup 20
  run "support_timeline.py (PostgreSQL)" env DATABASE_URL="$pg" python bench/support_timeline.py \
    --events 120 --repeat 2 --warmup 0
  run "catalog_reads.py (PostgreSQL)" env DATABASE_URL="$pg" BENCH_WORKERS=1 python bench/catalog_reads.py \
    --spawn --port "$port" --concurrency 4 --seconds 1 --warmup 1
  run "catalog_import.py (PostgreSQL)" python bench/catalog_import.py --database-url "$pg" \
    --rows 300 --batch-size 100 --serve --baseline-seconds 1 --port $((port + 2))
  run "cart_commands.py (PostgreSQL)" python bench/cart_commands.py --database-url "$pg" \
    --schema "bench_smoke_cart_$$" --port $((port + 2)) --workers 1 --shoppers 4 --warmup 0 \
    --seconds 1 --rate 0 --rate 40 --insert-seconds 1 --load-rounds 5 --big-events 300
  run "cart_commands.py --partitions 2 (PostgreSQL)" python bench/cart_commands.py --database-url "$pg" \
    --schema "bench_smoke_part_$$" --port $((port + 4)) --workers 1 --shoppers 4 --warmup 0 \
    --seconds 1 --rate 0 --partitions 2
  run "cart_reliability.py (PostgreSQL)" python bench/cart_reliability.py --database-url "$pg" \
    --schema "bench_smoke_rel_$$" --port $((port + 3)) --workers 1 --carts 2 --clients-per-cart 2 --cycles 1
else
  summary+=("$(printf '%-40s skipped: PostgreSQL only (set TEST_DATABASE_URL)' "cart_commands.py, cart_reliability.py")")
fi

echo "== benchmark smoke run passed"
printf '%s\n' "${summary[@]}"
