"""Benchmark: catalogue reads under 64 concurrent clients (docs/targets.md section 4.4: p99 under 20 ms).

Runs against a server that is already up, or starts one itself (``--spawn``, two uvicorn
workers) on a seeded database: a temporary SQLite file, or with a PostgreSQL ``DATABASE_URL``
a private schema of that database (dropped afterwards). Loads it with wrk when installed (C, so the
load generator barely competes with the server for the 2 cores), else with httpx. Prints
requests/s, p50, p90, p99 and errors for three mixes: product page data and category
listings (cacheable) and live stock checks (``no_cache=true``: as fresh as the database; the
response cache may answer them only under the live catalogue revision, see
``services/catalog/response_cache.py``), and ends with a table of the targets of docs/targets.md section 4.4 (``final_table``: p99 at most
20 ms at 64 clients, the live stock check's p99 within 3x of the cached product read's).
The stock checks then run a second time under wrk while stock keeps changing
(``--stock-changes``, default 1 a second, with ``--spawn`` or ``--database-url``; 0: no second
run): each change does to the database what an order does (a product's ``stock_quantity`` and
the catalogue revision for that product's stock, one transaction), so the answers it touches
are dropped as in a shop taking orders; the run prints how many changes it made, and the final
table judges both runs.
Before them, the baseline of the same run: ``GET /api/health`` (one HTTP round trip through
the app and a trivial database query), and after them each mix's requests/s as a ratio of it.

    .venv/bin/python bench/catalog_reads.py --spawn                 # SQLite, own server
    DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5432/test \\
        .venv/bin/python bench/catalog_reads.py --spawn             # PostgreSQL
    .venv/bin/python bench/catalog_reads.py --spawn --seconds 1 --warmup 1 --concurrency 4  # smoke
    .venv/bin/python bench/catalog_reads.py --base-url http://127.0.0.1:8000
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
from _server import private_schema, set_rate_limits, start_server, stop_server
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session

from services.catalog import revision

ROOT = Path(__file__).resolve().parents[1]
TARGETS = {
    "product page data": "(target p99 <= 20 ms)",
    "category listing": "(target p99 <= 20 ms)",
    "stock check (live)": "(target p99 <= 3x the product page data's)",
}
CHURN_MIX = "stock check (live), stock changing"
BASELINE = "baseline: health"


def keyboard_ids(base_url: str) -> list[int]:
    """The first ten keyboards of the seeded catalogue (the products every mix reads)."""
    products = httpx.get(f"{base_url}/api/wc/products?category=15&per_page=100").json()
    return [p["id"] for p in products][:10] or [1]


def mixes(ids: list[int]) -> dict[str, list[str]]:
    """Request paths per mix, for the products ``ids``."""
    return {
        BASELINE: ["/api/health"],
        "product page data": [f"/api/wc/products/{i}" for i in ids],
        "category listing": [
            "/api/wc/products?category=15&per_page=100",
            "/api/wc/products?category=16&per_page=100",
        ],
        "stock check (live)": [
            f"/api/wc/products/{i}?_fields=stock_status,variations&no_cache=true" for i in ids
        ],
    }


Figures = dict[str, dict[str, float]]
"""Per mix: ``{"rps": requests/s, "p99": ms, "errors": count}``."""


def _ms(value: str) -> float:
    """wrk's latency text (``850.00us``, ``12.34ms``, ``1.02s``, ``1.00m``) in ms; NaN for ``?``."""
    m = re.fullmatch(r"([0-9.]+)(us|ms|s|m)", value)
    if not m:
        return float("nan")
    return float(m.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}[m.group(2)]


LIVE_MIX = "stock check (live)"


@contextmanager
def stock_changes(database_url: str | None, per_second: float, product_ids: list[int]) -> Iterator[list[int]]:
    """Meanwhile, ``per_second`` times a second (paced from a thread), do what an order does to
    stock: raise one of ``product_ids``' ``stock_quantity`` and bump the catalogue revision for
    that product's stock (``revision.bump(session, stock_of=...)``) in one transaction. Yields a one-item list: the number of changes made so far. Nothing without
    a ``database_url`` or with ``per_second`` 0."""
    made = [0]
    if not database_url or per_second <= 0:
        yield made
        return
    engine = create_engine(database_url)
    stop = threading.Event()

    def change() -> None:
        due = time.monotonic()
        while not stop.is_set():
            product_id = product_ids[made[0] % len(product_ids)]
            with Session(engine) as session, session.begin():
                session.execute(
                    text(
                        "UPDATE products SET stock_quantity = COALESCE(stock_quantity, 0) + 1 WHERE id = :id"
                    ),
                    {"id": product_id},
                )
                revision.bump(session, stock_of=[product_id])
            made[0] += 1
            due += 1 / per_second
            stop.wait(max(0.0, due - time.monotonic()))

    thread = threading.Thread(target=change, name="stock-changes", daemon=True)
    thread.start()
    try:
        yield made
    finally:
        stop.set()
        thread.join()
        engine.dispose()


def run_wrk(
    base_url: str,
    concurrency: int,
    seconds: float,
    warmup: float = 2,
    database_url: str | None = None,
    changes_per_second: float = 0,
) -> Figures:
    """Per mix: ``warmup`` s of wrk to fill caches and pools, then ``seconds`` s measured with
    ``concurrency`` connections; prints requests/s, p50/p90/p99 and errors. After the live
    stock checks, with ``database_url`` and ``changes_per_second`` above 0, the same mix again
    (:data:`CHURN_MIX`) while :func:`stock_changes` runs; the count is printed. Returns
    :data:`Figures` per mix (:data:`CHURN_MIX`'s also has ``changes``, warm-up included)."""
    rates: Figures = {}
    ids = keyboard_ids(base_url)
    for name, paths in mixes(ids).items():
        rates[name] = _wrk_mix(name, paths, base_url, concurrency, seconds, warmup)
        if name != LIVE_MIX or not database_url or changes_per_second <= 0:
            continue
        with stock_changes(database_url, changes_per_second, ids) as made:
            rates[CHURN_MIX] = _wrk_mix(CHURN_MIX, paths, base_url, concurrency, seconds, warmup)
        rates[CHURN_MIX]["changes"] = float(made[0])
        print(f"  stock changes meanwhile: {made[0]} ({changes_per_second:g}/s offered, warm-up included)")
    return rates


def _wrk_mix(
    name: str, paths: list[str], base_url: str, concurrency: int, seconds: float, warmup: float
) -> dict[str, float]:
    """One mix under wrk (see :func:`run_wrk`): its figures."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        quoted = ", ".join(f'"{p}"' for p in paths)
        script.write(
            f"local paths = {{{quoted}}}\nlocal i = 0\n"
            "request = function() i = i + 1; return wrk.format('GET', paths[(i % #paths) + 1]) end\n"
        )
    threads = os.environ.get("BENCH_WRK_THREADS", "2")
    if warmup > 0:  # fill caches and pools before measuring
        warm = ["wrk", "-t1", f"-c{concurrency}", f"-d{max(1, int(warmup))}s", "-s", script.name, base_url]
        subprocess.run(warm, capture_output=True, check=True)
    cmd = [
        "wrk",
        f"-t{threads}",
        f"-c{concurrency}",
        f"-d{max(1, int(seconds))}s",
        "--latency",
        "-s",
        script.name,
        base_url,
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    os.unlink(script.name)

    fields = {
        "rps": _find(out, r"Requests/sec:\s+(\S+)"),
        "p50": _find(out, r"^\s+50%\s+(\S+)"),
        "p90": _find(out, r"^\s+90%\s+(\S+)"),
        "p99": _find(out, r"^\s+99%\s+(\S+)"),
        "non2xx": _find(out, r"Non-2xx or 3xx responses: (\d+)", "0"),
        "sock": _find(out, r"Socket errors: (.*)", "none"),
    }
    print(
        f"{name:20s} clients={concurrency} rps={fields['rps']:>9s} p50={fields['p50']:>8s} "
        f"p90={fields['p90']:>8s} p99={fields['p99']:>8s} non-2xx={fields['non2xx']} "
        f"socket-errors={fields['sock']} {TARGETS.get(name, '')}"
    )
    return {
        "rps": float(fields["rps"]) if fields["rps"] != "?" else 0.0,
        "p99": _ms(fields["p99"]),
        "errors": float(fields["non2xx"]) + (0.0 if fields["sock"] == "none" else 1.0),
    }


def _find(text: str, pattern: str, default: str = "?") -> str:
    m = re.search(pattern, text, re.M)
    return m.group(1) if m else default


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def _worker(
    client: httpx.AsyncClient, paths: list[str], deadline: float, lat: list[float], errors: list[str]
) -> None:
    i = 0
    while time.perf_counter() < deadline:
        path = paths[i % len(paths)]
        i += 1
        start = time.perf_counter()
        try:
            r = await client.get(path)
            if r.status_code != 200:
                errors.append(f"{r.status_code} {path}")
        except httpx.HTTPError as exc:
            errors.append(f"{type(exc).__name__} {path}")
        lat.append((time.perf_counter() - start) * 1000)


async def run_httpx(base_url: str, concurrency: int, seconds: float) -> Figures:
    """Per mix: ``concurrency`` httpx clients for ``seconds`` s after one warm-up request per
    path; prints requests/s, p50/p90/p99 and errors. Returns :data:`Figures` per mix."""
    rates: Figures = {}
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    for name, paths in mixes(keyboard_ids(base_url)).items():
        lat: list[float] = []
        errors: list[str] = []
        async with httpx.AsyncClient(base_url=base_url, timeout=10, limits=limits) as client:
            await asyncio.gather(*(client.get(p) for p in paths))  # warm up
            start = time.perf_counter()
            deadline = start + seconds
            await asyncio.gather(*(_worker(client, paths, deadline, lat, errors) for _ in range(concurrency)))
            elapsed = time.perf_counter() - start
        print(
            f"{name:20s} clients={concurrency} rps={len(lat) / elapsed:9.1f} p50={statistics.median(lat):6.1f}ms "
            f"p90={percentile(lat, 90):6.1f}ms p99={percentile(lat, 99):6.1f}ms errors={len(errors)} "
            f"{TARGETS.get(name, '')}"
        )
        rates[name] = {"rps": len(lat) / elapsed, "p99": percentile(lat, 99), "errors": float(len(errors))}
    return rates


def print_ratios(rates: Figures) -> None:
    """Each mix's requests/s next to the baseline's, as a ratio."""
    base = rates.get(BASELINE, {}).get("rps", 0.0)
    for name, figures in rates.items():
        if name != BASELINE:
            rps = figures["rps"]
            ratio = f"{rps / base:.2f}" if base else "-"
            print(f"{name:20s} rps={rps:9.1f} : {BASELINE} rps={base:9.1f} = {ratio}")


def final_table(rates: Figures, concurrency: int) -> list[list[str]]:
    """The targets of docs/targets.md section 4.4, one row each (measure, value, target, met
    yes/no), printed and returned: p99 of product page data and of category listings at
    ``concurrency`` clients (<= 20 ms; the target speaks of 64), errors (0), and the live stock
    check's p99 as a ratio of the cached product read's (<= 3x)."""
    rows: list[list[str]] = []

    def add(measure: str, value: str, target: str, met: bool) -> None:
        rows.append([measure, value, target, "yes" if met else "no"])

    for name in ("product page data", "category listing"):
        if name in rates:
            p99 = rates[name]["p99"]
            add(f"{name} p99, {concurrency} clients", f"{p99:.1f} ms", "<= 20 ms", p99 <= 20)
    errors = sum(f["errors"] for n, f in rates.items() if n != BASELINE)
    add("errors (non-2xx, socket)", f"{errors:.0f}", "0", errors == 0)
    cached = rates.get("product page data")
    for name, label in ((LIVE_MIX, ""), (CHURN_MIX, ", stock changing as orders change it")):
        live = rates.get(name)
        if live and cached and cached["p99"] > 0:
            ratio = live["p99"] / cached["p99"]
            changes = f", {live['changes']:.0f} changes" if "changes" in live else ""
            add(
                f"live stock check p99 : cached product read p99{label}",
                f"{ratio:.2f}x ({live['p99']:.1f} / {cached['p99']:.1f} ms{changes})",
                "<= 3x",
                ratio <= 3,
            )
    header = ["measure", "value", "target", "met"]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(4)]
    print("\n==== final table (docs/targets.md section 4.4)")
    for line in [header, ["-" * w for w in widths], *rows]:
        print("  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip())
    return rows


def spawn_server(port: int, database_url: str | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """Migrate and seed ``database_url`` (default: a fresh temporary SQLite file), then start
    uvicorn on ``port`` with ``BENCH_WORKERS`` (default 2) workers; returns it once healthy,
    with the database URL it serves."""
    env = dict(os.environ)
    set_rate_limits(env, {})  # catalogue reads are not rate-limited: the defaults, printed
    data = tempfile.mkdtemp(prefix="bench-catalog-")
    database_url = database_url or f"sqlite:///{data}/shop.sqlite3"
    env.update(DATA_DIR=data, DATABASE_URL=database_url)
    py = sys.executable
    subprocess.run(
        [py, "-m", "services.api.cli", "migrate"], cwd=ROOT, env=env, check=True, capture_output=True
    )
    subprocess.run([py, "-m", "services.api.cli", "seed"], cwd=ROOT, env=env, check=True, capture_output=True)
    workers = os.environ.get("BENCH_WORKERS", "2")
    cmd = [py, "-m", "uvicorn", "services.api.main:app", "--port", str(port), "--log-level", "warning"]
    return start_server([*cmd, "--workers", workers, "--no-access-log"], env, port), database_url


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base-url", default="http://127.0.0.1:8000")
    ap.add_argument("--spawn", action="store_true", help="start a seeded server on --port")
    ap.add_argument("--port", type=int, default=8799)
    ap.add_argument("--concurrency", type=int, default=64)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--warmup", type=float, default=2, help="seconds of wrk before each measured mix")
    ap.add_argument("--python-client", action="store_true", help="use httpx even when wrk is installed")
    ap.add_argument(
        "--stock-changes",
        type=float,
        default=1,
        help="stock changes per second in a second run of the live stock checks (0: no second run)",
    )
    ap.add_argument("--database-url", help="the database of the server at --base-url, for the stock changes")
    args = ap.parse_args()
    with ExitStack() as stack:
        proc = None
        database_url = args.database_url
        if args.spawn:
            url = os.environ.get("DATABASE_URL", "")
            if url.startswith("postgresql"):
                url = stack.enter_context(private_schema(url, "bench_catalog"))
            proc, database_url = spawn_server(args.port, url or None)
            stack.callback(stop_server, proc)
        base = f"http://127.0.0.1:{args.port}" if proc else args.base_url
        if shutil.which("wrk") and not args.python_client:
            rates = run_wrk(
                base, args.concurrency, args.seconds, args.warmup, database_url, args.stock_changes
            )
        else:
            print(
                "(wrk not installed: `apt-get install wrk`; the Python client is slower and shares the CPU)"
            )
            rates = asyncio.run(run_httpx(base, args.concurrency, args.seconds))
        print_ratios(rates)
        final_table(rates, args.concurrency)


if __name__ == "__main__":
    main()
