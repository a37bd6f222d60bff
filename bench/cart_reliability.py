"""Reliability run: no acknowledged cart command lost or applied twice across faults (docs/targets.md section 6.1).

Target: "No acknowledged cart command is lost or applied twice: under 64 concurrent clients on
the same carts, after ``kill -9`` of the API process mid-load, and across a PostgreSQL restart
(clients retry with the same idempotency key)." Not a test and not a speed benchmark: it
prints what happened.

What one run does (PostgreSQL only: ``--database-url``, default the ``test`` database):

1. A fresh schema (``--schema``, default ``bench_reliability``), migrated and seeded with the
   demo catalogue (as bench/cart_commands.py does), then the production topology: uvicorn with
   ``--workers`` processes (default 2) in a process group of its own, ``RUN_PROJECTIONS=false``,
   and one ``python -m services.api.cli project`` process beside it.
2. 64 clients (``--carts`` 8 x ``--clients-per-cart`` 8) on SHARED carts run the load of
   ``tests/cart/shared_cart_load.py`` (each client ``add``/``set_count`` on two products of
   its own, ``--cycles`` cycles of 16-18 commands), every command with a fresh Idempotency-Key
   and sent again with the same key and body until it is answered (2xx, or a 409/422 refusal).
3. Faults, each once: after ``--kill-at`` (fraction) of the commands are answered, SIGKILL to
   the whole uvicorn process group (the master and every worker), then the same command
   starts it again on the same port; with ``--pg-restart`` (needs root), after ``--pg-at`` of
   them, ``pg_ctlcluster --skip-systemctl-redirect <version> main restart`` (fast mode). Without
   root, ``--pg-terminate`` does what a restart does to the open connections, to this run's
   only: ``pg_terminate_backend`` of every session of its processes (``PGAPPNAME``
   ``cart-reliability``), at ``--pg-at`` instead.
4. Checks every cart's history (``GET /api/cart/events``) and state: lost, applied twice,
   answers that do not match the history, state that is not the fold of the history, counts
   that are not what the answered commands imply (``check_cart``); then waits for the
   ``cart_current`` read model to reach every cart's version (exactly-once projection across
   the faults).

Prints: commands answered (acknowledged, refused), requests retried, replayed answers, lost
(must be 0), applied twice (must be 0), the other findings, and per fault how long clients saw
errors (first to last failed request after it, how many, the longest wait of one command for
its answer) and how long the server or database took to come back. Exit status 1 when anything
was lost or doubled.

    .venv/bin/python bench/cart_reliability.py                 # kill -9 only
    .venv/bin/python bench/cart_reliability.py --pg-restart    # and a PostgreSQL restart (root)
    .venv/bin/python bench/cart_reliability.py --workers 1 --carts 2 --clients-per-cart 2 --cycles 1  # smoke
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from _server import CART_LOAD_LIMITS, schema_url, set_rate_limits, wait_until_healthy
from cart_commands import prepare_schema, psql

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.cart.shared_cart_load import Failure, Sent, SharedCartLoad, check_carts, client_steps  # noqa: E402

DEFAULT_DB = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
APP_NAME = "cart-reliability"  # application_name of this run's sessions (libpq reads PGAPPNAME)
SPECIAL = {26907, 31575}  # the builder and its add-on cap each other (docs/spec.md section 4)


class Topology:
    """uvicorn (``workers`` processes, own process group) plus one ``project`` process; output
    of both in files under ``logdir``."""

    def __init__(self, env: dict[str, str], port: int, workers: int, logdir: Path) -> None:
        self.env = {**env, "RUN_PROJECTIONS": "false", "PGAPPNAME": APP_NAME}
        self.port = port
        self.workers = workers
        self.logdir = logdir
        self.api: subprocess.Popen[bytes] | None = None
        self.projector: subprocess.Popen[bytes] | None = None

    def start_api(self) -> float:
        """Start uvicorn; seconds until ``/api/health`` answered."""
        cmd = [sys.executable, "-m", "uvicorn", "services.api.main:app", "--port", str(self.port)]
        cmd += ["--log-level", "warning", "--no-access-log", "--workers", str(self.workers)]
        started = time.monotonic()
        with (self.logdir / "api.log").open("ab") as out:
            self.api = subprocess.Popen(
                cmd, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        wait_until_healthy(self.api, self.port, seconds=60)
        return time.monotonic() - started

    def start_projector(self) -> None:
        """Start ``python -m services.api.cli project`` (in a session of its own)."""
        with (self.logdir / "project.log").open("ab") as out:
            self.projector = subprocess.Popen(
                [sys.executable, "-m", "services.api.cli", "project"],
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def kill_api(self) -> None:
        """SIGKILL to uvicorn's whole process group (master and workers)."""
        assert self.api is not None
        os.killpg(self.api.pid, signal.SIGKILL)
        self.api.wait(timeout=30)

    def stop(self) -> None:
        """SIGTERM to both process groups (SIGKILL after 20 s)."""
        for proc in (self.api, self.projector):
            if proc is not None and proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()

    def tracebacks(self) -> dict[str, int]:
        """Tracebacks logged by the API and the projector (faults make some: they are logged)."""
        return {
            name: (self.logdir / name).read_text(errors="replace").count("Traceback")
            for name in ("api.log", "project.log")
            if (self.logdir / name).exists()
        }


def buyable_products(base_url: str) -> list[int]:
    """Published simple products, in stock with unmanaged stock, not configurable, not coming
    soon: ``add`` accepts each up to 10 times."""
    products = httpx.get(f"{base_url}/api/wc/products?per_page=100", timeout=30).json()
    return [
        p["id"]
        for p in products
        if p["type"] == "simple"
        and p["stock_status"] == "instock"
        and not p.get("manage_stock")
        and p.get("sku")
        and not p.get("isConfigurable")
        and not p.get("configurations")
        and (p.get("acf") or {}).get("availability") != "coming_soon"
        and p["id"] not in SPECIAL
    ]


def pg_restart() -> float:
    """Restart the local PostgreSQL cluster (fast mode); seconds it took."""
    version = sorted(os.listdir("/etc/postgresql"))[-1]
    started = time.monotonic()
    subprocess.run(
        ["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "restart"],
        check=True,
        capture_output=True,
    )
    return time.monotonic() - started


def pg_terminate(base: str) -> tuple[float, int]:
    """Terminate every PostgreSQL session of this run's processes; (seconds, sessions)."""
    import psycopg

    started = time.monotonic()
    with psycopg.connect(base.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s", (APP_NAME,)
        ).fetchall()
    return time.monotonic() - started, len(rows)


def wait_answered(load: SharedCartLoad, count: int) -> None:
    """Return once ``count`` commands are answered (or every client has finished)."""
    while load.answered < count and not load.done():
        time.sleep(0.002)


def fault_window(
    name: str, at: float, until: float, failures: list[Failure], sent: list[Sent]
) -> dict[str, Any]:
    """What clients saw from the fault at ``at`` until ``until`` (the next fault or the end)."""
    seen = [f for f in failures if at <= f.at < until]
    waits = [
        s.answered_at - s.first_sent for s in sent if s.answered_at and s.first_sent <= at <= s.answered_at
    ]
    kinds: dict[str, int] = {}
    for f in seen:
        kinds[f.kind] = kinds.get(f.kind, 0) + 1
    return {
        "name": name,
        "failed_requests": len(seen),
        "first": (seen[0].at - at) if seen else None,
        "last": (seen[-1].at - at) if seen else None,
        "longest_wait": max(waits, default=0.0),
        "caught": len(waits),
        "kinds": kinds,
    }


def projection_caught_up(
    url: str, states: dict[str, dict[str, Any]], seconds: float = 60
) -> tuple[bool, float, str]:
    """Wait until ``cart_current`` has every cart at its version with its item count; (ok,
    seconds waited, what differs)."""
    import psycopg

    started = time.monotonic()
    diff = ""
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as conn:
        while time.monotonic() - started < seconds:
            rows = {
                cart_id: (version, items)
                for cart_id, version, items in conn.execute(
                    "SELECT cart_id, version, item_count FROM cart_current WHERE cart_id = ANY(%s)",
                    (list(states),),
                )
            }
            want = {
                cid: (s["version"], sum(line["count"] for line in s["lines"])) for cid, s in states.items()
            }
            diff = ", ".join(
                f"{cid[:8]}: {rows.get(cid)} != {w}" for cid, w in want.items() if rows.get(cid) != w
            )
            if not diff:
                return True, time.monotonic() - started, ""
            time.sleep(0.2)
    return False, time.monotonic() - started, diff


def main() -> None:
    """Parse the flags, run the load with its faults, print the figures (see the module doc)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB))
    ap.add_argument("--schema", default="bench_reliability")
    ap.add_argument("--port", type=int, default=8794)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--carts", type=int, default=8)
    ap.add_argument("--clients-per-cart", type=int, default=8)
    ap.add_argument(
        "--cycles", type=int, default=5, help="cycles of client_steps per client (18 + 16 per extra)"
    )
    ap.add_argument("--kill-at", type=float, default=0.3, help="fraction of commands answered before kill -9")
    ap.add_argument("--pg-restart", action="store_true", help="also restart PostgreSQL mid-load (root)")
    ap.add_argument(
        "--pg-terminate",
        action="store_true",
        help="terminate this run's PostgreSQL sessions mid-load (no root)",
    )
    ap.add_argument("--pg-at", type=float, default=0.65, help="fraction answered before the PostgreSQL fault")
    ap.add_argument("--keep-schema", action="store_true")
    args = ap.parse_args()
    if not args.database_url.startswith("postgresql"):
        raise SystemExit("PostgreSQL only (--database-url postgresql+psycopg://...)")
    if args.pg_restart and os.geteuid() != 0:
        raise SystemExit("--pg-restart needs root (pg_ctlcluster)")

    url = schema_url(args.database_url, args.schema)
    env = {**os.environ, "DATABASE_URL": url}
    set_rate_limits(env, CART_LOAD_LIMITS)
    prepare_schema(args.database_url, args.schema, env)
    logdir = Path(tempfile.mkdtemp(prefix="cart-reliability-"))
    top = Topology(env, args.port, args.workers, logdir)
    base_url = f"http://127.0.0.1:{args.port}"
    exit_code = 0
    try:
        top.start_projector()
        top.start_api()
        products = buyable_products(base_url)
        with httpx.Client(base_url=base_url, timeout=30) as http:
            tokens = [http.post("/api/cart").json()["token"] for _ in range(args.carts)]
        load = SharedCartLoad(
            base_url,
            tokens,
            products,
            clients_per_cart=args.clients_per_cart,
            cycles=args.cycles,
            prefix=f"rel{int(time.time())}",
            timeout=10.0,
            deadline=600.0,
        )
        total = len(load.logs) * len(client_steps(0, 1, args.cycles))
        print(
            f"schema={args.schema} workers={args.workers} cpus={os.cpu_count()} carts={args.carts} "
            f"clients={len(load.logs)} commands={total} products={products[: 2 * args.clients_per_cart]}"
        )
        started = time.monotonic()
        load.start()
        faults: list[tuple[str, float, float]] = []  # name, when, seconds until back

        wait_answered(load, int(total * args.kill_at))
        at, answered = time.monotonic(), load.answered
        top.kill_api()
        back = top.start_api()
        faults.append((f"kill -9 of the uvicorn process group at {answered} answered", at, back))
        print(
            f"fault: kill -9 (master + {args.workers} workers) at {answered} answered; healthy again after {back:.2f}s"
        )

        if args.pg_restart:
            wait_answered(load, int(total * args.pg_at))
            at, answered = time.monotonic(), load.answered
            took = pg_restart()
            faults.append((f"PostgreSQL restart at {answered} answered", at, took))
            print(f"fault: PostgreSQL restart at {answered} answered; pg_ctlcluster restart took {took:.2f}s")
        elif args.pg_terminate:
            wait_answered(load, int(total * args.pg_at))
            at, answered = time.monotonic(), load.answered
            took, sessions = pg_terminate(args.database_url)
            faults.append((f"{sessions} PostgreSQL sessions terminated at {answered} answered", at, took))
            print(f"fault: {sessions} PostgreSQL sessions of this run terminated at {answered} answered")

        finished = load.join()
        elapsed = time.monotonic() - started
        sent = load.sent
        unanswered = [s for s in sent if s.status is None]
        unexpected = [s for s in sent if s.unexpected]
        client_errors = [
            f"cart {log.cart} client {log.client}: {log.error}" for log in load.logs if log.error
        ]

        reports = check_carts(base_url, load)
        with httpx.Client(base_url=base_url, timeout=30) as http:
            states = {}
            for token in tokens:
                cart = http.get("/api/cart", headers={"X-Cart-Token": token}).json()["cart"]
                states[cart["cart_id"]] = cart
        caught_up, waited, diff = projection_caught_up(url, states)

        acknowledged = sum(r.acknowledged for r in reports)
        refused = sum(r.refused for r in reports)
        lost = sum(len(r.lost) for r in reports)
        twice = sum(len(r.applied_twice) for r in reports)
        other = {
            name: sum(len(getattr(r, name)) for r in reports)
            for name in ("foreign", "answer_mismatch", "state_mismatch", "count_mismatch")
        }
        retried = [s for s in sent if s.attempts > 1]
        print(f"\n==== cart reliability ({elapsed:.1f}s, clients finished: {finished}) " + "=" * 30)
        print(f"commands sent                 {len(sent):7d} of {total}")
        print(f"acknowledged (2xx)            {acknowledged:7d}")
        print(f"refused (409/422, answers)    {refused:7d}")
        print(f"never answered                {len(unanswered):7d}")
        print(f"unexpected answers            {len(unexpected):7d}")
        print(
            f"retries (requests sent again) {sum(s.attempts - 1 for s in sent):7d}   "
            f"over {len(retried)} commands; {sum(s.replayed for s in sent)} answers were replays "
            "(committed before the fault, answered from the history)"
        )
        print(f"[{'OK  ' if lost == 0 else 'FAIL'}] lost                   {lost:7d}   must be 0")
        print(f"[{'OK  ' if twice == 0 else 'FAIL'}] applied twice          {twice:7d}   must be 0")
        for name, count in other.items():
            print(f"[{'OK  ' if count == 0 else 'FAIL'}] {name:22s} {count:7d}   must be 0")
        print(
            f"[{'OK  ' if caught_up else 'FAIL'}] cart_current caught up: {caught_up} "
            f"({waited:.1f}s after the checks){'; ' + diff if diff else ''}"
        )
        ends = [at for _, at, _ in faults[1:]] + [float("inf")]
        first_fault = faults[0][1] if faults else float("inf")
        before = [f for f in load.failures if f.at < first_fault]
        print(f"failed requests before the first fault: {len(before)}")
        for (name, at, back), until in zip(faults, ends, strict=True):
            w = fault_window(name, at, until, load.failures, sent)
            span = f"{w['first']:.2f}s .. {w['last']:.2f}s after it" if w["failed_requests"] else "none"
            print(f"-- {name}")
            print(
                f"   back after {back:.2f}s; clients saw errors {span} ({w['failed_requests']} failed requests: {w['kinds']})"
            )
            print(
                f"   commands in flight across it: {w['caught']}, longest wait for an answer {w['longest_wait']:.2f}s"
            )
        print(f"tracebacks in the logs: {top.tracebacks()} (logs: {logdir})")
        for line in (client_errors + [f"{s.key}: {s.unexpected}" for s in unexpected])[:10]:
            print(f"   {line}")
        for number, report in enumerate(reports):
            for problem in report.problems:
                print(f"   cart {number}: {problem}")
        bad = (
            lost or twice or any(other.values()) or unanswered or unexpected or client_errors or not caught_up
        )
        exit_code = 1 if bad else 0
    finally:
        top.stop()
        if not args.keep_schema:
            psql(args.database_url, f"DROP SCHEMA IF EXISTS {args.schema} CASCADE;")
    sys.exit(exit_code)


if __name__ == "__main__":
    main()
