"""Benchmark: catalogue reads under 64 concurrent clients (design.md target: p99 under 20 ms).

Runs against a server that is already up, or starts one itself on a seeded temporary
database (``--spawn``). Prints requests/s, p50, p90, p99 and errors per endpoint mix.

    .venv/bin/python bench/catalog_reads.py --spawn                 # SQLite, own server
    DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5432/test \
        .venv/bin/python bench/catalog_reads.py --spawn             # PostgreSQL
    .venv/bin/python bench/catalog_reads.py --base-url http://127.0.0.1:8000
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def worker(
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


async def run(base_url: str, concurrency: int, seconds: float) -> None:
    async with httpx.AsyncClient(base_url=base_url, timeout=10) as probe:
        products = (await probe.get("/api/wc/products?category=15&per_page=100")).json()
    ids = [p["id"] for p in products][:10] or [1]
    mixes = {
        "product page data": [f"/api/wc/products/{i}" for i in ids],
        "category listing": [
            "/api/wc/products?category=15&per_page=100",
            "/api/wc/products?category=16&per_page=100",
        ],
    }
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    for name, paths in mixes.items():
        lat: list[float] = []
        errors: list[str] = []
        async with httpx.AsyncClient(base_url=base_url, timeout=10, limits=limits) as client:
            await asyncio.gather(*(client.get(p) for p in paths))  # warm up
            start = time.perf_counter()
            deadline = start + seconds
            await asyncio.gather(*(worker(client, paths, deadline, lat, errors) for _ in range(concurrency)))
            elapsed = time.perf_counter() - start
        print(
            f"{name:18s} clients={concurrency} requests={len(lat)} rps={len(lat) / elapsed:8.1f} "
            f"p50={statistics.median(lat):6.1f}ms p90={percentile(lat, 90):6.1f}ms "
            f"p99={percentile(lat, 99):6.1f}ms errors={len(errors)} (target p99 <= 20 ms)"
        )


def spawn_server(port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    if not env.get("DATABASE_URL"):
        data = tempfile.mkdtemp()
        env.update(DATA_DIR=data, DATABASE_URL=f"sqlite:///{data}/shop.sqlite3")
    py = sys.executable
    subprocess.run(
        [py, "-m", "services.api.cli", "migrate"], cwd=ROOT, env=env, check=True, capture_output=True
    )
    subprocess.run([py, "-m", "services.api.cli", "seed"], cwd=ROOT, env=env, check=True, capture_output=True)
    cmd = [
        py,
        "-m",
        "uvicorn",
        "services.api.main:app",
        "--port",
        str(port),
        "--log-level",
        "warning",
        "--workers",
        os.environ.get("BENCH_WORKERS", "2"),
    ]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env)
    for _ in range(100):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health").status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("server did not start")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base-url", default="http://127.0.0.1:8000")
    ap.add_argument("--spawn", action="store_true", help="start a seeded server on --port")
    ap.add_argument("--port", type=int, default=8799)
    ap.add_argument("--concurrency", type=int, default=64)
    ap.add_argument("--seconds", type=float, default=10)
    args = ap.parse_args()
    proc = spawn_server(args.port) if args.spawn else None
    try:
        asyncio.run(
            run(f"http://127.0.0.1:{args.port}" if proc else args.base_url, args.concurrency, args.seconds)
        )
    finally:
        if proc:
            proc.terminate()
            proc.wait()


if __name__ == "__main__":
    main()
