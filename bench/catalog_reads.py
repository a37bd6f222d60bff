"""Benchmark: catalogue reads under 64 concurrent clients (docs/targets.md section 4.4: p99 under 20 ms).

Runs against a server that is already up, or starts one itself (``--spawn``, two uvicorn
workers) on a seeded database: a temporary SQLite file, or with a PostgreSQL ``DATABASE_URL``
a private schema of that database (dropped afterwards). Loads it with wrk when installed (C, so the
load generator barely competes with the server for the 2 cores), else with httpx. Prints
requests/s, p50, p90, p99 and errors for three mixes: product page data and category
listings (cacheable) and live stock checks (``no_cache=true``, always from the database).
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
import time
from contextlib import ExitStack
from pathlib import Path

import httpx
from _server import private_schema, set_rate_limits, start_server, stop_server

ROOT = Path(__file__).resolve().parents[1]
TARGET = "(target p99 <= 20 ms)"
BASELINE = "baseline: health"


def mixes(base_url: str) -> dict[str, list[str]]:
    """Request paths per mix, from the seeded catalogue's keyboards."""
    products = httpx.get(f"{base_url}/api/wc/products?category=15&per_page=100").json()
    ids = [p["id"] for p in products][:10] or [1]
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


def run_wrk(base_url: str, concurrency: int, seconds: float, warmup: float = 2) -> dict[str, float]:
    """Per mix: ``warmup`` s of wrk to fill caches and pools, then ``seconds`` s measured with
    ``concurrency`` connections; prints requests/s, p50/p90/p99 and errors. Returns requests/s
    per mix."""
    rates: dict[str, float] = {}
    for name, paths in mixes(base_url).items():
        with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
            quoted = ", ".join(f'"{p}"' for p in paths)
            script.write(
                f"local paths = {{{quoted}}}\nlocal i = 0\n"
                "request = function() i = i + 1; return wrk.format('GET', paths[(i % #paths) + 1]) end\n"
            )
        threads = os.environ.get("BENCH_WRK_THREADS", "2")
        if warmup > 0:  # fill caches and pools before measuring
            warm = [
                "wrk",
                "-t1",
                f"-c{concurrency}",
                f"-d{max(1, int(warmup))}s",
                "-s",
                script.name,
                base_url,
            ]
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
            f"socket-errors={fields['sock']} {'' if name == BASELINE else TARGET}"
        )
        rates[name] = float(fields["rps"]) if fields["rps"] != "?" else 0.0
    return rates


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


async def run_httpx(base_url: str, concurrency: int, seconds: float) -> dict[str, float]:
    """Per mix: ``concurrency`` httpx clients for ``seconds`` s after one warm-up request per
    path; prints requests/s, p50/p90/p99 and errors. Returns requests/s per mix."""
    rates: dict[str, float] = {}
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    for name, paths in mixes(base_url).items():
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
            f"{'' if name == BASELINE else TARGET}"
        )
        rates[name] = len(lat) / elapsed
    return rates


def print_ratios(rates: dict[str, float]) -> None:
    """Each mix's requests/s next to the baseline's, as a ratio."""
    base = rates.get(BASELINE, 0.0)
    for name, rps in rates.items():
        if name != BASELINE:
            ratio = f"{rps / base:.2f}" if base else "-"
            print(f"{name:20s} rps={rps:9.1f} : {BASELINE} rps={base:9.1f} = {ratio}")


def spawn_server(port: int, database_url: str | None = None) -> subprocess.Popen[bytes]:
    """Migrate and seed ``database_url`` (default: a fresh temporary SQLite file), then start
    uvicorn on ``port`` with ``BENCH_WORKERS`` (default 2) workers; returns it once healthy."""
    env = dict(os.environ)
    set_rate_limits(env, {})  # catalogue reads are not rate-limited: the defaults, printed
    data = tempfile.mkdtemp(prefix="bench-catalog-")
    env.update(DATA_DIR=data, DATABASE_URL=database_url or f"sqlite:///{data}/shop.sqlite3")
    py = sys.executable
    subprocess.run(
        [py, "-m", "services.api.cli", "migrate"], cwd=ROOT, env=env, check=True, capture_output=True
    )
    subprocess.run([py, "-m", "services.api.cli", "seed"], cwd=ROOT, env=env, check=True, capture_output=True)
    workers = os.environ.get("BENCH_WORKERS", "2")
    cmd = [py, "-m", "uvicorn", "services.api.main:app", "--port", str(port), "--log-level", "warning"]
    return start_server([*cmd, "--workers", workers, "--no-access-log"], env, port)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base-url", default="http://127.0.0.1:8000")
    ap.add_argument("--spawn", action="store_true", help="start a seeded server on --port")
    ap.add_argument("--port", type=int, default=8799)
    ap.add_argument("--concurrency", type=int, default=64)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--warmup", type=float, default=2, help="seconds of wrk before each measured mix")
    ap.add_argument("--python-client", action="store_true", help="use httpx even when wrk is installed")
    args = ap.parse_args()
    with ExitStack() as stack:
        proc = None
        if args.spawn:
            url = os.environ.get("DATABASE_URL", "")
            if url.startswith("postgresql"):
                url = stack.enter_context(private_schema(url, "bench_catalog"))
            proc = spawn_server(args.port, url or None)
            stack.callback(stop_server, proc)
        base = f"http://127.0.0.1:{args.port}" if proc else args.base_url
        if shutil.which("wrk") and not args.python_client:
            rates = run_wrk(base, args.concurrency, args.seconds, args.warmup)
        else:
            print(
                "(wrk not installed: `apt-get install wrk`; the Python client is slower and shares the CPU)"
            )
            rates = asyncio.run(run_httpx(base, args.concurrency, args.seconds))
        print_ratios(rates)


if __name__ == "__main__":
    main()
