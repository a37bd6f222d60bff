"""Benchmark: cart commands end to end over HTTP on PostgreSQL, and cart load time (docs/targets.md section 4).

Targets (docs/targets.md sections 4.1-4.3, ratios within one run): with 64 shoppers, the
back-to-back ceiling is at least the raw single-row insert rate of the same PostgreSQL with 1
client (1.0x); paced at 70 % of that ceiling, p99 from when each command was due at most 50 ms
with no errors; CPU time per command printed; projection lag p99 under that load below 200 ms;
loading a 10,000-event cart: p99 within 1.5x of a 10-event cart. The run ends with a table of
them (``final_table``: measure, value, target, met yes/no).

What one run does (PostgreSQL only: ``--database-url``, default the ``test`` database):

1. Creates a fresh schema (``--schema``, default ``bench_cart``), migrates it, seeds the demo
   catalogue and creates the event-store tables in-process (so uvicorn workers do not race to
   create them), then starts uvicorn with ``--workers`` processes (default 2: one per core).
2. Commands: 64 shoppers (``--shoppers``), each with its own cart token made by ``POST
   /api/cart``, sends commands for ``--seconds`` after a short back-to-back warm-up. The mix,
   decided per command from the shopper's current cart (line ids read from each response):
   ``add`` (~45 %, an in-stock simple, non-configurable, not coming-soon product of category 15;
   at most 6 lines), ``set_count`` 1..3 (~30 %), ``remove`` (~22 %), ``set_country`` (~3 %), every
   one with a unique ``Idempotency-Key``. A 409 is a deliberate refusal (e.g. ``count_capped``
   on the products with 1 or 3 in stock) and is printed separately; anything else that is not
   2xx, and every socket error or timeout, counts as an error.

   Two kinds of run, each ``--seconds`` long on the same carts (``--rate``, repeatable;
   default ``0`` then ``70%``: the ceiling, then paced at 70 % of the ceiling just measured):

   - ``--rate 0``, back to back: every shopper sends its next command the moment the answer
     to the last one arrives (no pause at all). This is the service's ceiling: commands/s is
     the most it serves, and latency is mostly queueing (Little's law: 64 shoppers / rate).
   - ``--rate R``, paced: the shoppers together offer R commands/s as a Poisson stream (each
     shopper's next command is due an exponential gap of mean 64/R s after its last one was
     due). A shopper still has one command in flight; a late one is sent the moment the
     answer arrives, and its latency is counted from when it was *due*, not when it was sent
     (the coordinated-omission correction of wrk2), so a slow server cannot hide its queue.
     ``--rate N%`` offers N % of the ceiling of the back-to-back run before it. The p99 from
     when due and the errors of the last paced run are judged (docs/targets.md section 4.1).

   CPU time per command (``bench/_cpu.py``, from /proc): user + system seconds during each run
   of the server's process groups (uvicorn master and workers, the projector and its analytics
   process), of the PostgreSQL backends serving their connections (found through their
   sockets and ``pg_stat_activity.client_port``; needs root or the server's user) and of wrk,
   divided by the commands sent. Projection lag: sampled as ``LagSampler`` says.

   Load generator: wrk with a Lua script (LuaJIT's ffi reads CLOCK_MONOTONIC for the due
   times), one wrk thread per shopper (``-t64 -c64``). wrk's Lua state is per thread, not per
   connection, so one connection per thread is what gives each shopper its own token and cart
   state (like the storefront's outbox, one command in flight). wrk is C: 64 mostly idle
   threads cost a few percent of a core, whereas an asyncio httpx client spends about as much
   CPU per request as the server does, and would steal one of the 2 cores it is measuring.
   Latency "from sent" comes from wrk's own histogram.

3. Raw inserts (run first, while the server idles): pgbench (``-M prepared``), one ``INSERT``
   of an event-sized row per transaction into a table shaped like the events table, 1 and 8
   clients, ``--insert-seconds`` each; the ratio ceiling : inserts/s (1 client) is judged
   against 1.0x.
4. Load time: builds a 10-event and a ~10,000-event (``--big-events``) cart (realistic commands, saved in batches,
   snapshots every ``CART_SNAPSHOT_INTERVAL`` events as the app takes them), then times
   ``CartApplication.repository.get`` in-process and ``GET /api/cart`` over HTTP, alternating
   the two carts, and prints p50/p99 of each and the ratio.

5. Partitions (``--partitions N``, docs/operations.md, "Past one primary: partitioned cart
   streams"): instead of phases 2-4, the commands of phase 2 twice, first with the cart streams
   in 1 partition database, then in N (``CART_PARTITION_URLS``), each database made for the run
   (``<database>_<schema>_p<i>``, tables by ``migrate-partitions``, dropped after), one
   ``project --partition i`` worker per partition; prints commands/s and p99 of each and the
   ratios N : 1. The projection lag is not sampled in this mode (the log is N logs).

The schema is dropped at the end (``--keep-schema`` keeps it).

    .venv/bin/python bench/cart_commands.py                       # everything, 2 workers, 20 s
    .venv/bin/python bench/cart_commands.py --only commands --rate 0 --rate 50% --rate 70%
    .venv/bin/python bench/cart_commands.py --only commands --rate 1000 --rate 1500
    .venv/bin/python bench/cart_commands.py --workers 3 --seconds 30
    .venv/bin/python bench/cart_commands.py --only commands       # or: inserts, load
    .venv/bin/python bench/cart_commands.py --workers 1 --shoppers 4 --warmup 0 --seconds 1 \
        --rate 0 --rate 40 --insert-seconds 1 --load-rounds 5 --big-events 300   # smoke
    .venv/bin/python bench/cart_commands.py --partitions 2                # 1 vs 2 databases
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
from _cpu import CpuMeter
from _server import CART_LOAD_LIMITS, schema_url, set_rate_limits, start_server, stop_server

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DEFAULT_DB = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
COUNTRIES = ["DE", "US", "FR", "GB", "AT", "NL", "SE", "CH"]

LUA = r"""
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clk_id, bench_timespec *tp);
]]
local ts = ffi.new("bench_timespec")
local function now_us()  -- CLOCK_MONOTONIC in microseconds
  ffi.C.clock_gettime(1, ts)
  return tonumber(ts.tv_sec) * 1000000 + tonumber(ts.tv_nsec) / 1000
end
local interval = %(interval_us)s  -- mean gap between one shopper's commands (0: back to back)
local tokens = {%(tokens)s}
local products = {%(products)s}
local countries = {%(countries)s}
local prefix = "%(prefix)s"
local threads = {}
local counter = 1

setup = function(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

init = function(args)
  token = tokens[((id - 1) %% #tokens) + 1]
  lines = {}
  n, ok, refused, errors, other = 0, 0, 0, 0, ""
  math.randomseed(id * 7919 + os.time())
  next_at, sched_at, lat_s = now_us(), 0, ""
end

if interval > 0 then
  -- Paced shoppers: command i+1 is due an exponential gap (mean ``interval``) after command i
  -- was due, so the shoppers together are a Poisson stream of the target rate. A shopper has
  -- one command in flight; one that is late is sent the moment the answer arrives, and its
  -- latency is counted from when it was due (corrected for coordinated omission, as wrk2 does).
  delay = function()
    next_at = next_at - math.log(1 - math.random()) * interval
    local wait = math.ceil((next_at - now_us()) / 1000)
    if wait < 0 then wait = 0 end
    return wait
  end
end

request = function()
  n = n + 1
  local r = math.random()
  local nl = #lines
  local body
  if nl == 0 or (r < 0.45 and nl < 6) then
    body = '{"type":"add","product_id":' .. products[math.random(#products)] .. '}'
  elseif r < 0.75 then
    body = '{"type":"set_count","line_id":"' .. lines[math.random(nl)] .. '","count":' .. math.random(1, 3) .. '}'
  elseif r < 0.97 then
    body = '{"type":"remove","line_id":"' .. lines[math.random(nl)] .. '"}'
  else
    body = '{"type":"set_country","country":"' .. countries[math.random(#countries)] .. '"}'
  end
  local headers = {}
  headers["Content-Type"] = "application/json"
  headers["X-Cart-Token"] = token
  headers["Idempotency-Key"] = prefix .. "-" .. id .. "-" .. n
  sched_at = next_at
  return wrk.format("POST", "/api/cart/commands", headers, body)
end

response = function(status, headers, body)
  if interval > 0 then lat_s = lat_s .. math.floor(now_us() - sched_at) .. "," end
  if status >= 200 and status < 300 then
    ok = ok + 1
  elseif status == 409 then
    refused = refused + 1
  else
    errors = errors + 1
    if #other < 2000 then other = other .. status .. ":" .. string.sub(body, 1, 120) .. " | " end
  end
  local found = {}
  for lid in string.gmatch(body, '"line_id":"(L%%d+)"') do found[#found + 1] = lid end
  if #found > 0 or string.find(body, '"lines":%%[%%]') then lines = found end
end

done = function(summary, latency, requests)
  local t_ok, t_ref, t_err, t_other = 0, 0, 0, ""
  for _, t in ipairs(threads) do
    t_ok = t_ok + t:get("ok")
    t_ref = t_ref + t:get("refused")
    t_err = t_err + t:get("errors")
    t_other = t_other .. t:get("other")
  end
  local e = summary.errors
  io.write(string.format(
    'RESULT {"requests":%%d,"duration_us":%%d,"ok":%%d,"refused":%%d,"errors":%%d,' ..
    '"socket_errors":%%d,"timeouts":%%d,"p50":%%d,"p90":%%d,"p99":%%d,"max":%%d}\n',
    summary.requests, summary.duration, t_ok, t_ref, t_err,
    e.connect + e.read + e.write, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
  io.write("OTHER " .. t_other .. "\n")
  for _, t in ipairs(threads) do io.write("LAT " .. t:get("lat_s") .. "\n") end
end
"""

INSERT_SQL = """\\set v random(1, 2000000000)
INSERT INTO {schema}.raw_insert (originator_id, originator_version, topic, state)
VALUES (gen_random_uuid(), :v, 'services.cart.domain#Cart.ItemCountSet', decode('{payload}', 'hex'));
"""


def psql_args(base: str) -> list[str]:
    """Connection arguments for psql/pgbench from a SQLAlchemy URL."""
    from urllib.parse import urlsplit

    parts = urlsplit(base.replace("postgresql+psycopg", "postgresql"))
    return [
        "-h",
        parts.hostname or "127.0.0.1",
        "-p",
        str(parts.port or 5432),
        "-U",
        parts.username or "postgres",
        parts.path.lstrip("/") or "postgres",
    ]


def psql(base: str, sql: str) -> None:
    """Run ``sql`` with psql on the database at ``base`` (a SQLAlchemy URL); stops on the first error."""
    subprocess.run(
        [
            "psql",
            "-q",
            "-v",
            "ON_ERROR_STOP=1",
            *psql_args(base),
            "-c",
            "SET client_min_messages = warning; " + sql,
        ],
        check=True,
    )


def psql_alone(base: str, sql: str) -> None:
    """Run the one statement ``sql`` with psql on ``base``'s server outside a transaction block
    (``CREATE``/``DROP DATABASE``); stops on an error."""
    subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", *psql_args(base), "-c", sql], check=True)


def prepare_schema(base: str, schema: str, env: dict[str, str]) -> None:
    """(Re)create ``schema``, then ``migrate`` (Alembic and the event store's tables, so the
    workers never race to create them) and ``seed`` it with ``env`` (its ``DATABASE_URL``)."""
    psql(base, f"DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema};")
    py = sys.executable
    for cmd in ("migrate", "seed"):
        subprocess.run(
            [py, "-m", "services.api.cli", cmd], cwd=ROOT, env=env, check=True, capture_output=True
        )


def cart_app() -> Any:
    """The app's own ``CartApplication`` on the bench schema (DATABASE_URL already set)."""
    from services.cart.deps import get_cart_app

    return get_cart_app()


def worker_pools(workers: int) -> dict[str, str]:
    """Connection pools for ``workers`` API processes within PostgreSQL's 100 connections: the
    defaults (10 + 10 SQLAlchemy, 2 x ``CART_POOL_SIZE`` event store) up to 2 workers; past
    that about 60 connections shared out (``--workers 4``: 3 + 3 and 2 x 3 each). Variables set
    in the environment win."""
    if workers <= 2:
        return {}
    each = str(max(2, 60 // workers // 4))
    return {"DB_POOL_SIZE": each, "DB_MAX_OVERFLOW": each, "CART_POOL_SIZE": each}


def spawn_server(env: dict[str, str], port: int, workers: int) -> list[subprocess.Popen[bytes]]:
    """The production topology (docs/operations.md): one projector process following the event
    log, and uvicorn with ``workers`` API workers that do not project, on ``port``. Returns
    both processes (projector first) once the API answers; ``stop_server`` stops each."""
    # ``migrate`` created the event tables; the workers never do.
    projector = subprocess.Popen(
        [sys.executable, "-m", "services.api.cli", "project"], cwd=ROOT, env=env, start_new_session=True
    )
    cmd = [sys.executable, "-m", "uvicorn", "services.api.main:app", "--port", str(port)]
    cmd += ["--log-level", "warning", "--no-access-log", "--workers", str(workers)]
    try:
        return [
            projector,
            start_server(cmd, {**worker_pools(workers), **env, "RUN_PROJECTIONS": "false"}, port),
        ]
    except BaseException:
        stop_server(projector)
        raise


PARTITION_POOLS = {"DB_POOL_SIZE": "4", "DB_MAX_OVERFLOW": "4", "CART_POOL_SIZE": "4"}


def partition_urls(base: str, schema: str, count: int) -> list[str]:
    """``count`` fresh databases on ``base``'s server for the cart partitions, named
    ``<database>_<schema>_p<i>`` (dropped first if left over), with the event store's tables
    made by ``migrate-partitions``. Returns their URLs (``postgresql://``)."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(base.replace("postgresql+psycopg://", "postgresql://"))
    database = parts.path.lstrip("/") or "postgres"
    names = [f"{database}_{schema}_p{i}"[:63] for i in range(count)]
    drop_databases(base, names)
    for name in names:
        psql_alone(base, f'CREATE DATABASE "{name}"')
    return [urlunsplit((parts.scheme, parts.netloc, f"/{name}", "", "")) for name in names]


def drop_databases(base: str, names: Sequence[str]) -> None:
    """Drop the databases ``names`` (URLs or names) on ``base``'s server, if they exist."""
    for name in names:
        psql_alone(base, f'DROP DATABASE IF EXISTS "{name.rsplit("/", 1)[-1]}" WITH (FORCE)')


def spawn_partitioned(
    env: dict[str, str], port: int, workers: int, count: int
) -> list[subprocess.Popen[bytes]]:
    """Like :func:`spawn_server` with the cart streams in ``env``'s ``CART_PARTITION_URLS``
    (``count`` partitions): one projector process per partition (``project --partition i``),
    then uvicorn. Returns every process (projectors first) once the API answers."""
    projectors = [
        subprocess.Popen(
            [sys.executable, "-m", "services.api.cli", "project", "--partition", str(i)],
            cwd=ROOT,
            env=env,
            start_new_session=True,
        )
        for i in range(count)
    ]
    cmd = [sys.executable, "-m", "uvicorn", "services.api.main:app", "--port", str(port)]
    cmd += ["--log-level", "warning", "--no-access-log", "--workers", str(workers)]
    try:
        return [*projectors, start_server(cmd, {**env, "RUN_PROJECTIONS": "false"}, port)]
    except BaseException:
        for proc in projectors:
            stop_server(proc)
        raise


def bench_partitions(
    base: str, schema: str, env: dict[str, str], args: argparse.Namespace
) -> dict[int, list[dict[str, Any]]]:
    """The commands of :func:`bench_commands` (``args``' shoppers, seconds, warm-up, rates) with
    the carts in 1 partition database, then in ``args.partitions`` (each made and dropped for
    its run: :func:`partition_urls`); prints the N : 1 ratios of commands/s and p99 of each
    rate. Returns {partition count: runs}."""
    results: dict[int, list[dict[str, Any]]] = {}
    for count in sorted({1, args.partitions}):
        urls = partition_urls(base, schema, count)
        # Smaller pools than the defaults (each partition is a pool of its own per process):
        # N partitions x (API workers + projectors) x the default 20 would pass PostgreSQL's 100.
        penv = {**PARTITION_POOLS, **env, "CART_PARTITION_URLS": ",".join(urls)}
        procs: list[subprocess.Popen[bytes]] = []
        try:
            subprocess.run(
                [sys.executable, "-m", "services.api.cli", "migrate-partitions"],
                cwd=ROOT,
                env=penv,
                check=True,
                capture_output=True,
            )
            procs = spawn_partitioned(penv, args.port, args.workers, count)
            print(f"---- {count} partition database(s): {', '.join(u.rsplit('/', 1)[-1] for u in urls)}")
            results[count] = bench_commands(
                f"http://127.0.0.1:{args.port}",
                args.shoppers,
                args.seconds,
                args.warmup,
                args.rate or ["0", "70%"],
                None,
                [p.pid for p in procs],
            )
        finally:
            for proc in reversed(procs):
                stop_server(proc)
            drop_databases(base, urls)
    one, many = results[1], results[max(results)]
    print(
        f"\n==== partitions: 1 vs {args.partitions} databases, {args.workers} API workers, cpus={os.cpu_count()}"
    )
    for a, b in zip(one, many, strict=True):
        mode = "back to back" if not a["rate"] else f"paced {a['spec']}"
        p99_a = (a["due"][99] if "due" in a else a["p99"]) / 1000
        p99_b = (b["due"][99] if "due" in b else b["p99"]) / 1000
        cpu_a, cpu_b = sum(a["cpu_ms"].values()), sum(b["cpu_ms"].values())
        print(
            f"  {mode:16s} commands/s {a['rps']:8.1f} -> {b['rps']:8.1f} ({b['rps'] / a['rps']:.2f}x)  "
            f"p99 {p99_a:7.1f} -> {p99_b:7.1f} ms ({p99_b / max(p99_a, 1e-9):.2f}x)  "
            f"CPU/command {cpu_a:.2f} -> {cpu_b:.2f} ms  errors {a['errors_total']} / {b['errors_total']}"
        )
    return results


def buyable_products(base_url: str) -> list[int]:
    """In-stock simple products of category 15 with no configurator that are not coming soon."""
    products = httpx.get(f"{base_url}/api/wc/products?category=15&per_page=100", timeout=30).json()
    return [
        p["id"]
        for p in products
        if p["type"] == "simple"
        and p["stock_status"] == "instock"
        and not p.get("isConfigurable")
        and not p.get("configurations")
        and (p.get("acf") or {}).get("availability") != "coming_soon"
    ]


def run_wrk(
    base_url: str, tokens: list[str], products: list[int], seconds: float, rate: float = 0
) -> dict[str, Any]:
    """One wrk run: every shopper sends commands for ``seconds``; back to back when ``rate`` is
    0, else paced so that all shoppers together offer ``rate`` commands/s (Poisson arrivals).
    Returns wrk's counts and latency percentiles (µs, from when a command was sent) and, when
    paced, ``due`` (p50/p90/p99/max in µs, from when the command was due)."""
    script = LUA % {
        "interval_us": f"{len(tokens) * 1e6 / rate:.1f}" if rate > 0 else "0",
        "tokens": ", ".join(f'"{t}"' for t in tokens),
        "products": ", ".join(str(p) for p in products),
        "countries": ", ".join(f'"{c}"' for c in COUNTRIES),
        "prefix": secrets.token_hex(6),
    }
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        f.write(script)
    try:
        n = len(tokens)
        cmd = ["wrk", f"-t{n}", f"-c{n}", f"-d{max(1, int(seconds))}s", "--timeout", "10s", "-s", f.name]
        out = subprocess.run([*cmd, base_url], capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(f.name)
    m = re.search(r"^RESULT (\{.*\})$", out, re.M)
    if not m:
        raise SystemExit(f"wrk printed no result:\n{out}")
    result: dict[str, Any] = json.loads(m.group(1))
    other = re.search(r"^OTHER (.*)$", out, re.M)
    result["other"] = other.group(1).strip() if other else ""
    result["rps"] = result["requests"] / (result["duration_us"] / 1e6)
    result["rate"] = rate
    due = [int(v) for line in re.findall(r"^LAT (.*)$", out, re.M) for v in line.split(",") if v]
    if due:
        result["due"] = {p: _pct(due, p) for p in (50, 90, 99)} | {"max": max(due), "n": len(due)}
    return result


ANALYTICS = "analytics"  # the analytics projections together: the lowest of their positions


def analytics_projection_names() -> list[str]:
    """The seven analytics projections' names (their ``projection_tracking`` rows)."""
    from datetime import timedelta

    from services.analytics.projections import all_projections

    return [p.name for p in all_projections("postgresql", timedelta(hours=1))]


class LagSampler:
    """Projection lag while the commands run: every ``interval`` s, read the newest stored
    notification id, the ``cart_current`` projector's tracking position and the analytics
    projections' (``ANALYTICS``: the lowest of the seven tracking positions, so the slowest
    projection decides; absent until all seven tracking rows exist, i.e. while no analytics
    projector runs). An id's lag is the time from the first sample that saw it stored to the
    first sample that saw it projected (resolution: ``interval``; ids first seen in the same
    sample share one measurement). ``lags``: milliseconds per projection ("cart_current",
    ``ANALYTICS``)."""

    def __init__(self, database_url: str, interval: float = 0.01) -> None:
        import psycopg

        self._conn = psycopg.connect(
            database_url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True
        )
        self.interval = interval
        self.names = analytics_projection_names()
        self.lags: dict[str, list[float]] = {"cart_current": [], ANALYTICS: []}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _positions(self) -> tuple[int, dict[str, int | None]]:
        """(newest stored notification id, {projection: tracked id, None when not tracked})."""
        row = self._conn.execute(
            "SELECT (SELECT COALESCE(MAX(notification_id), 0) FROM carts_events), "
            "(SELECT MAX(notification_id) FROM projection_tracking WHERE projection_name = 'cart_current'), "
            "(SELECT CASE WHEN count(*) = %(n)s THEN MIN(notification_id) END FROM projection_tracking "
            "WHERE projection_name = ANY(%(names)s))",
            {"n": len(self.names), "names": self.names},
        ).fetchone()
        assert row is not None  # aggregates without GROUP BY always return one row
        return int(row[0]), {"cart_current": row[1], ANALYTICS: row[2]}

    def _run(self) -> None:
        pending: list[tuple[int, float]] = []  # (newest stored id, when first seen), oldest first
        waiting = dict.fromkeys(self.lags, 0)  # per projection: index into pending of its next id
        seen = 0
        while not self._stop.is_set():
            stored, projected = self._positions()
            now = time.perf_counter()
            if stored > seen:
                pending.append((stored, now))
                seen = stored
            for name, position in projected.items():
                if position is None:
                    continue
                while waiting[name] < len(pending) and pending[waiting[name]][0] <= position:
                    self.lags[name].append((now - pending[waiting[name]][1]) * 1000)
                    waiting[name] += 1
            time.sleep(self.interval)

    def __enter__(self) -> LagSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        time.sleep(1.0)  # let the projector catch up with the last commands
        self._stop.set()
        self._thread.join()
        self._conn.close()


def offered_rate(rate: str, ceiling: float | None) -> float:
    """The commands/s a ``--rate`` value offers: a number (0: back to back), or ``N%`` of the
    ceiling measured by an earlier back-to-back run of the same invocation (SystemExit when
    there was none)."""
    if rate.endswith("%"):
        if ceiling is None:
            raise SystemExit(f"--rate {rate} needs a back-to-back run (--rate 0) before it")
        return max(1.0, ceiling * float(rate[:-1]) / 100)
    return float(rate)


def bench_commands(
    base_url: str,
    shoppers: int,
    seconds: float,
    warmup: float,
    rates: list[str],
    database_url: str | None = None,
    pgids: Sequence[int] = (),
) -> list[dict[str, Any]]:
    """One wrk run per entry of ``rates`` (``offered_rate``: 0 back to back, the service's
    ceiling; a number, or ``N%`` of the ceiling measured just before, the offered commands/s of
    paced shoppers), each after the same warm-up carts; prints and returns each run's figures,
    with the projection lag sampled during the run when ``database_url``, and the CPU seconds
    of the run (``cpu``: server process groups ``pgids``, their PostgreSQL backends, wrk;
    ``bench/_cpu.py``) with ``cpu_ms`` per command."""
    import psycopg

    products = buyable_products(base_url)
    if not products:
        raise SystemExit("no buyable products in category 15")
    with httpx.Client(base_url=base_url, timeout=30) as client:
        tokens = [client.post("/api/cart").json()["token"] for _ in range(shoppers)]
    print(f"shoppers={shoppers} products={products}")
    if warmup > 0:
        w = run_wrk(base_url, tokens, products, warmup)
        print(f"warm-up: {w['rps']:.0f} commands/s, p99 {w['p99'] / 1000:.1f} ms")
    pg = (
        psycopg.connect(database_url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True)
        if database_url
        else None
    )
    pg_port = int(pg.info.port) if pg else 5432
    runs: list[dict[str, Any]] = []
    ceiling: float | None = None
    for spec in rates:
        rate = offered_rate(spec, ceiling)
        meter = CpuMeter(pgids, pg, pg_port)
        if database_url:
            with LagSampler(database_url) as lag:
                with meter:
                    r = run_wrk(base_url, tokens, products, seconds, rate)
            r["lag"] = lag.lags["cart_current"]
            r["analytics_lag"] = lag.lags[ANALYTICS]
        else:
            with meter:
                r = run_wrk(base_url, tokens, products, seconds, rate)
        r["spec"] = spec
        if rate == 0:
            ceiling = r["rps"]
        r["cpu"] = meter.seconds if pgids else {}
        r["cpu_ms"] = {k: v * 1000 / max(1, r["requests"]) for k, v in r["cpu"].items()}
        r["errors_total"] = r["errors"] + r["socket_errors"] + r["timeouts"]
        mode = f"paced {rate:.0f}/s offered ({spec})" if rate else "back to back (ceiling)"
        print(
            f"cart commands      {mode}: shoppers={shoppers} commands/s={r['rps']:8.1f} "
            f"p50={r['p50'] / 1000:6.1f}ms p90={r['p90'] / 1000:6.1f}ms p99={r['p99'] / 1000:6.1f}ms "
            f"max={r['max'] / 1000:6.1f}ms ok={r['ok']} refused(409)={r['refused']} errors={r['errors']} "
            f"socket-errors={r['socket_errors']} timeouts={r['timeouts']}"
        )
        if "due" in r:
            d = r["due"]
            print(
                f"  from when due     p50={d[50] / 1000:6.1f}ms p90={d[90] / 1000:6.1f}ms "
                f"p99={d[99] / 1000:6.1f}ms max={d['max'] / 1000:6.1f}ms (n={d['n']})"
            )
        if r["cpu_ms"]:
            c = r["cpu_ms"]
            print(
                f"  CPU per command   server={c['server']:.3f}ms postgres={c['postgres']:.3f}ms "
                f"(backends={meter.backends_seen}) wrk={c['client']:.3f}ms total={sum(c.values()):.3f}ms"
            )
        for key, label in (("lag", "projection lag   "), ("analytics_lag", "analytics lag    ")):
            lags = r.get(key) or []
            if lags:
                print(
                    f"  {label} samples={len(lags)} p50={_pct(lags, 50):6.1f}ms "
                    f"p99={_pct(lags, 99):6.1f}ms max={max(lags):6.1f}ms (sampled every 10 ms)"
                )
            elif key == "analytics_lag" and database_url:
                print(f"  {label} not measured: no analytics projector ran (no tracking rows)")
        if r["other"]:
            print(f"  error samples: {r['other'][:600]}")
        runs.append(r)
    if pg:
        pg.close()
    return runs


def bench_inserts(base: str, schema: str, seconds: int) -> dict[int, float]:
    """Raw single-row insert tps with pgbench at 1 and 8 clients."""
    if not shutil.which("pgbench"):
        print("(pgbench not installed: apt-get install postgresql-client)")
        return {}
    psql(
        base,
        f"DROP TABLE IF EXISTS {schema}.raw_insert; CREATE TABLE {schema}.raw_insert ("
        "notification_id bigserial, originator_id uuid NOT NULL, originator_version integer NOT NULL, "
        "topic text NOT NULL, state bytea, PRIMARY KEY (originator_id, originator_version)); "
        f"CREATE UNIQUE INDEX ON {schema}.raw_insert (notification_id);",
    )
    payload = (
        json.dumps(
            {
                "line_id": "L1",
                "count": 2,
                "requested": 2,
                "reason": "set",
                "stock": None,
                "command_id": "x" * 24,
                "request_hash": "f" * 64,
            }
        )
        .encode()
        .hex()
    )
    with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False) as f:
        f.write(INSERT_SQL.format(schema=schema, payload=payload))
    out: dict[int, float] = {}
    try:
        for clients in (1, 8):
            cmd = ["pgbench", "-n", "-M", "prepared", "-f", f.name, "-c", str(clients)]
            cmd += ["-j", str(min(clients, 2)), "-T", str(seconds), *psql_args(base)]
            text = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
            m = re.search(r"tps = ([0-9.]+) \(without initial connection time\)", text)
            out[clients] = float(m.group(1)) if m else float("nan")
            print(f"raw inserts        pgbench clients={clients} inserts/s={out[clients]:8.1f}")
    finally:
        os.unlink(f.name)
    return out


def build_cart(app: Any, events: int, products: list[int]) -> tuple[str, int]:
    """A cart with about ``events`` events from realistic commands; saved every 100 commands."""
    import random

    from services.cart.application import request_hash
    from services.cart.domain import CartRefusal, cart_id_for

    rng = random.Random(events)
    token = secrets.token_urlsafe(32)
    app.start(token)
    cart = app.repository.get(cart_id_for(token))
    i = 0
    while cart.version < events:
        i += 1
        lines = [line["line_id"] for line in cart.lines]
        r = rng.random()
        if not lines or (r < 0.45 and len(lines) < 6):
            command: dict[str, Any] = {"type": "add", "product_id": rng.choice(products)}
        elif r < 0.75:
            command = {"type": "set_count", "line_id": rng.choice(lines), "count": rng.randint(1, 3)}
        elif r < 0.97:
            command = {"type": "remove", "line_id": rng.choice(lines)}
        else:
            command = {"type": "set_country", "country": rng.choice(COUNTRIES)}
        try:
            app._decide(cart, command, f"build-{i}", request_hash(command))
        except CartRefusal:
            pass
        if i % 100 == 0 or cart.version >= events:
            app.save(cart)
    return token, cart.version


def _pct(values: Sequence[float], p: float) -> float:
    """The ``p``-th percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def bench_load(
    base_url: str, products: list[int], rounds: int, big_events: int = 10_000
) -> dict[str, dict[str, float]]:
    """Load time of a 10-event and a ``big_events``-event cart: ``rounds`` alternating timings of
    ``repository.get`` in process and ``GET /api/cart`` over HTTP; prints and returns p50/p99
    (ms) of each and the p99 ratio big : small."""
    from services.cart.domain import cart_id_for

    app = cart_app()
    t0 = time.perf_counter()
    small, small_v = build_cart(app, 10, products)
    big, big_v = build_cart(app, big_events, products)
    print(
        f"built carts of {small_v} and {big_v} events in {time.perf_counter() - t0:.1f}s "
        f"(snapshot interval {app.snapshotting_intervals})"
    )
    timings: dict[str, list[float]] = {k: [] for k in ("get_small", "get_big", "http_small", "http_big")}
    ids = {"small": cart_id_for(small), "big": cart_id_for(big)}
    with httpx.Client(base_url=base_url, timeout=30) as client:
        for name, token in (("small", small), ("big", big)):  # warm up
            for _ in range(5):
                app.repository.get(ids[name])
                client.get("/api/cart", headers={"X-Cart-Token": token}).raise_for_status()
        for _ in range(rounds):
            for name, token in (("small", small), ("big", big)):
                t = time.perf_counter()
                app.repository.get(ids[name])
                timings[f"get_{name}"].append((time.perf_counter() - t) * 1000)
                t = time.perf_counter()
                client.get("/api/cart", headers={"X-Cart-Token": token}).raise_for_status()
                timings[f"http_{name}"].append((time.perf_counter() - t) * 1000)
    out: dict[str, dict[str, float]] = {}
    for via in ("get", "http"):
        s, b = timings[f"{via}_small"], timings[f"{via}_big"]
        out[via] = {
            "small_p50": statistics.median(s),
            "small_p99": _pct(s, 99),
            "big_p50": statistics.median(b),
            "big_p99": _pct(b, 99),
        }
        out[via]["ratio"] = out[via]["big_p99"] / out[via]["small_p99"]
        label = "repository.get" if via == "get" else "GET /api/cart"
        o = out[via]
        print(
            f"load {label:15s} {small_v}-event p50={o['small_p50']:6.2f}ms p99={o['small_p99']:6.2f}ms | "
            f"{big_v}-event p50={o['big_p50']:6.2f}ms p99={o['big_p99']:6.2f}ms | p99 ratio={o['ratio']:.2f}"
        )
    out["meta"] = {"small": small_v, "big": big_v}
    return out


def _row(measure: str, value: str, target: str = "", met: bool | None = None) -> list[str]:
    return [measure, value, target or "-", "-" if met is None else ("yes" if met else "no")]


def final_table(
    runs: list[dict[str, Any]],
    ins: dict[int, float],
    load: dict[str, Any] | None,
    workers: int,
    shoppers: int = 64,
) -> list[list[str]]:
    """The targets of docs/targets.md sections 4.1-4.3 as ratios within this run, one row each
    (measure, value, target, met: yes/no, ``-`` when printed only), printed as a table and
    returned: raw insert rates, the back-to-back ceiling and its ratio to the 1-client insert
    rate (>= 1.0x), the last paced run (``--rate 70%`` by default: 70 % of the ceiling): p99
    from when due (<= 50 ms), errors (0), CPU ms per command, projection lags (< 200 ms); the
    10,000-event cart's load p99 against the 10-event one's (<= 1.5x)."""
    rows: list[list[str]] = []
    for clients, tps in sorted(ins.items()):
        rows.append(_row(f"raw single-row inserts/s, {clients} client(s) (pgbench)", f"{tps:,.0f}"))
    ceilings = [r for r in runs if not r["rate"]]
    paced = [r for r in runs if r["rate"]]
    ceiling = ceilings[-1]["rps"] if ceilings else None
    if ceilings:
        c = ceilings[-1]
        rows.append(
            _row(f"cart command ceiling, back to back, {shoppers} shoppers, commands/s", f"{c['rps']:,.0f}")
        )
        rows.append(_row("  its p99 (queueing: shoppers / rate)", f"{c['p99'] / 1000:.1f} ms"))
        rows.append(_row("  its errors", str(c["errors_total"]), "0", c["errors_total"] == 0))
        if ins.get(1):
            ratio = c["rps"] / ins[1]
            rows.append(
                _row("ceiling : raw inserts/s with 1 client", f"{ratio:.2f}x", ">= 1.0x", ratio >= 1.0)
            )
        if ins.get(8):
            rows.append(_row("ceiling : raw inserts/s with 8 clients", f"{c['rps'] / ins[8]:.2f}x"))
    if paced:
        p = paced[-1]
        share = f" = {p['rate'] / ceiling:.0%} of the ceiling" if ceiling else ""
        rows.append(_row(f"paced run offered ({p['spec']}), commands/s", f"{p['rate']:,.0f}{share}"))
        rows.append(_row("  served, commands/s", f"{p['rps']:,.0f}"))
        p99 = p["due"][99] / 1000 if "due" in p else p["p99"] / 1000
        rows.append(_row("  p99 from when each command was due", f"{p99:.1f} ms", "<= 50 ms", p99 <= 50))
        rows.append(
            _row(
                "  errors (non-2xx but 409, socket, timeout)",
                str(p["errors_total"]),
                "0",
                p["errors_total"] == 0,
            )
        )
    for r in ([paced[-1]] if paced else []) + ([ceilings[-1]] if ceilings else []):
        label = "paced" if r["rate"] else "ceiling"
        if r["cpu_ms"]:
            c = r["cpu_ms"]
            rows.append(
                _row(
                    f"CPU per command, {label} run (server + postgres + wrk)",
                    f"{sum(c.values()):.2f} ms = {c['server']:.2f} + {c['postgres']:.2f} + {c['client']:.2f}",
                    "printed",
                )
            )
        else:
            rows.append(_row(f"CPU per command, {label} run", "not measured (server not spawned)", "printed"))
    judged = paced[-1] if paced else (ceilings[-1] if ceilings else None)
    if judged is not None:
        for key, name in (("lag", "cart_current"), ("analytics_lag", "analytics (slowest of 7)")):
            if key not in judged:
                continue
            lags = judged.get(key) or []
            value = f"{_pct(lags, 99):.0f} ms" if lags else "not measured"
            rows.append(
                _row(
                    f"projection lag p99 at that load, {name}",
                    value,
                    "< 200 ms",
                    bool(lags) and _pct(lags, 99) < 200,
                )
            )
    if load:
        m = load["meta"]
        for via, label in (("get", "repository.get"), ("http", "GET /api/cart")):
            o = load[via]
            rows.append(
                _row(
                    f"load p99 {label}, {m['big']}-event : {m['small']}-event cart",
                    f"{o['ratio']:.2f}x ({o['big_p99']:.1f} / {o['small_p99']:.1f} ms)",
                    "<= 1.5x",
                    o["ratio"] <= 1.5,
                )
            )
    header = ["measure", "value", "target", "met"]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(4)]
    print(
        f"\n==== final table (docs/targets.md sections 4.1-4.3), {workers} API workers, cpus={os.cpu_count()}"
    )
    for line in [header, ["-" * w for w in widths], *rows]:
        print("  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip())
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB))
    ap.add_argument("--schema", default="bench_cart")
    ap.add_argument("--port", type=int, default=8797)
    ap.add_argument("--workers", type=int, default=int(os.environ.get("BENCH_WORKERS", "2")))
    ap.add_argument("--shoppers", type=int, default=64)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--warmup", type=float, default=3)
    ap.add_argument(
        "--rate",
        action="append",
        help="offered commands/s of all shoppers together, paced (repeatable); 0 = back to back; "
        "N%% = N %% of the ceiling of an earlier back-to-back run. Default: 0 then 70%%",
    )
    ap.add_argument("--insert-seconds", type=int, default=10)
    ap.add_argument("--load-rounds", type=int, default=300)
    ap.add_argument("--big-events", type=int, default=10_000, help="events of the big cart (load phase)")
    ap.add_argument("--only", choices=["commands", "inserts", "load"], action="append")
    ap.add_argument("--keep-schema", action="store_true")
    ap.add_argument(
        "--partitions",
        type=int,
        default=0,
        help="N >= 2: only the commands, with the carts in 1 then in N partition databases (made "
        "and dropped here), and the N : 1 ratios",
    )
    ap.add_argument(
        "--base-url",
        help="use a server that is already up on --schema (e.g. under py-spy): no schema setup, no spawn",
    )
    args = ap.parse_args()
    if not args.database_url.startswith("postgresql"):
        raise SystemExit("PostgreSQL only (--database-url postgresql+psycopg://...)")
    if not shutil.which("wrk") and (not args.only or "commands" in args.only):
        raise SystemExit("wrk is not installed: apt-get install -y wrk")
    phases = set(args.only or ["commands", "inserts", "load"])

    url = schema_url(args.database_url, args.schema)
    env = {**os.environ, "DATABASE_URL": url}
    set_rate_limits(env, CART_LOAD_LIMITS)  # the spawned server's; the load phase runs in process, unlimited
    os.environ["DATABASE_URL"] = url  # for the in-process CartApplication (load phase)
    if args.partitions:
        if args.partitions < 2 or args.base_url:
            raise SystemExit("--partitions takes N >= 2 and spawns its own servers (no --base-url)")
        prepare_schema(args.database_url, args.schema, env)
        try:
            bench_partitions(args.database_url, args.schema, env, args)
        finally:
            if not args.keep_schema:
                psql(args.database_url, f"DROP SCHEMA IF EXISTS {args.schema} CASCADE;")
        return
    if not args.base_url:
        prepare_schema(args.database_url, args.schema, env)
    spawn = phases & {"commands", "load"} and not args.base_url
    procs = spawn_server(env, args.port, args.workers) if spawn else []
    base_url = args.base_url or f"http://127.0.0.1:{args.port}"
    runs: list[dict[str, Any]] = []
    load = None
    ins: dict[int, float] = {}
    try:
        print(f"schema={args.schema} workers={args.workers} cpus={os.cpu_count()}")
        if "inserts" in phases:  # first: the ratio's denominator, measured on the same database
            ins = bench_inserts(args.database_url, args.schema, args.insert_seconds)
        if "commands" in phases:
            runs = bench_commands(
                base_url,
                args.shoppers,
                args.seconds,
                args.warmup,
                args.rate or ["0", "70%"],
                None if args.base_url else url,
                [p.pid for p in procs],
            )
        if "load" in phases:
            load = bench_load(base_url, buyable_products(base_url), args.load_rounds, args.big_events)
    finally:
        for proc in reversed(procs):
            stop_server(proc)
        if not args.keep_schema and not args.base_url:
            from services.shared.db import get_engine

            get_engine().dispose()
            cart_app().close()
            psql(args.database_url, f"DROP SCHEMA IF EXISTS {args.schema} CASCADE;")
    final_table(runs, ins, load, args.workers, args.shoppers)


if __name__ == "__main__":
    main()
