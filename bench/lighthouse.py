"""Benchmark: the storefront in Lighthouse, and its initial JavaScript (docs/targets.md section 4.7).

Targets: on the home, a category, a product and the cart page, and on the custom keyboard
builder (``/custom-keyboard-builder``, the time from opening it to an interactive configurator,
docs/targets.md), Lighthouse (mobile emulation) performance at least 90 and accessibility
100; initial JavaScript (the entry script and the modulepreloads ``index.html`` names: what
every page loads before its route) at most 120 KB compressed, the same budget
``webapp/scripts/check-initial-js.mjs`` gates in CI.

What one run does:

1. Uses a server that is already up (``--base-url``), or starts one itself (``--spawn``): a
   temporary SQLite database, migrated and seeded with the demo catalogue, serving the built
   storefront (``--dist``, default ``webapp/dist``; this script builds nothing: run ``npm run
   build`` in ``webapp/`` first) with one uvicorn process on ``--port``.
2. Runs ``bench/lighthouse.mjs`` (Lighthouse 12, the webapp's pinned dev dependency, driven
   through its puppeteer-core) in Debian's Chromium (``CHROME_PATH``, default
   ``/usr/bin/chromium``), headless, with Lighthouse's default settings: mobile form factor and
   screen, simulated slow 4G and a 4x slower CPU; categories performance and accessibility.
   Every page is loaded once first to warm the server's caches (the catalogue response cache,
   whose hits go gzip-compressed), then measured as a new visitor with a cold browser cache; the
   cart page with one item in the cart (added with the product's "Add to cart" button first). ``--runs N`` repeats the whole
   set and reports the median score per page (Lighthouse varies by a few points between runs,
   more so on a busy 2-core machine).
3. Prints per page the scores and FCP, LCP, TBT, CLS and Speed Index, MET/MISS against the
   targets, and the initial JavaScript: every script the home page fetched while loading (from
   Lighthouse's network records), each gzip-compressed here (level 6) and summed; next to it the
   entry script and its modulepreloads named by ``index.html``. ``--verbose`` lists the audits
   scoring under 0.9 per page. ``--page NAME`` (repeatable) measures only the pages named
   (home, category, product, cart, builder); the initial JavaScript needs ``home``.

Exit status 1 when Lighthouse could not measure a page (a runtime error: the benchmark itself is
broken); a missed target is printed as MISS, not an exit status.

    .venv/bin/python bench/lighthouse.py --spawn                  # serve webapp/dist on :8796
    .venv/bin/python bench/lighthouse.py --spawn --runs 3
    .venv/bin/python bench/lighthouse.py --spawn --page home --page cart     # two pages only (smoke)
    .venv/bin/python bench/lighthouse.py --base-url http://127.0.0.1:8000 --verbose
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TypedDict
from urllib.parse import urljoin, urlparse

import httpx
from _server import CART_LOAD_LIMITS, set_rate_limits, start_server, stop_server

ROOT = Path(__file__).resolve().parents[1]
PERF_TARGET = 90
A11Y_TARGET = 100
JS_TARGET_KB = 120


class Script(TypedDict):
    """A script the page's load fetched (Lighthouse's network records; sizes in bytes)."""

    url: str
    transferSize: int | None
    resourceSize: int | None


class FailingAudit(TypedDict):
    """A Lighthouse audit that scored under 0.9 (``--verbose``)."""

    id: str
    title: str
    score: float
    displayValue: str


class PageResult(TypedDict):
    """One page of one run, as bench/lighthouse.mjs writes it: scores 0..1, times in ms (None
    when Lighthouse has no figure), CLS unitless; ``runtimeError`` when the page failed (then the
    figures mean nothing)."""

    run: int
    name: str
    url: str
    finalUrl: str
    runtimeError: str | None
    performance: float
    accessibility: float
    fcp: float | None
    lcp: float | None
    tbt: float | None
    cls: float | None
    si: float | None
    lcpElement: str | None
    scripts: list[Script]
    failing: list[FailingAudit]


def spawn_server(port: int, dist: Path) -> subprocess.Popen[bytes]:
    """Start a seeded shop on ``port`` serving ``dist``; its database is a fresh temporary SQLite."""
    if not (dist / "index.html").is_file():
        raise SystemExit(f"{dist} holds no build: run `npm run build` in webapp/ first")
    data = tempfile.mkdtemp(prefix="bench-lighthouse-")
    env = dict(
        os.environ, DATA_DIR=data, DATABASE_URL=f"sqlite:///{data}/shop.sqlite3", WEBAPP_DIST=str(dist)
    )
    set_rate_limits(env, CART_LOAD_LIMITS)  # repeated runs add to carts from one address
    py = sys.executable
    for command in ("migrate", "seed"):
        subprocess.run(
            [py, "-m", "services.api.cli", command], cwd=ROOT, env=env, check=True, capture_output=True
        )
    cmd = [py, "-m", "uvicorn", "services.api.main:app", "--port", str(port), "--log-level", "warning"]
    return start_server([*cmd, "--no-access-log"], env, port)


def run_lighthouse(base_url: str, pages: list[dict[str, str]], runs: int) -> list[PageResult]:
    """Run bench/lighthouse.mjs and return its per-page, per-run results."""
    node = shutil.which("node")
    if not node:
        raise SystemExit("node is not installed")
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as out:
        out_path = out.name
    config = {"baseUrl": base_url, "out": out_path, "runs": runs, "pages": pages}
    env = dict(os.environ)
    env.setdefault("CHROME_PATH", "/usr/bin/chromium")
    try:
        subprocess.run(
            [node, str(ROOT / "bench" / "lighthouse.mjs"), json.dumps(config)], env=env, check=True
        )
        results: list[PageResult] = json.loads(Path(out_path).read_text())
        return results
    finally:
        os.unlink(out_path)


def gzip_size(client: httpx.Client, url: str) -> tuple[int, int]:
    """(raw bytes, gzip -6 bytes) of the file at ``url``."""
    body = client.get(url).raise_for_status().content
    return len(body), len(gzip.compress(body, compresslevel=6))


def entry_scripts(client: httpx.Client, base_url: str) -> list[str]:
    """The module script and modulepreload links that index.html names (same origin)."""
    html = client.get(base_url + "/").text
    found = re.findall(r'<script[^>]+type="module"[^>]+src="([^"]+)"', html)
    found += re.findall(r'<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"', html)
    found += re.findall(r'<link[^>]+href="([^"]+)"[^>]+rel="modulepreload"', html)
    return list(dict.fromkeys(urljoin(base_url + "/", u) for u in found))


def mark(ok: bool) -> str:
    return "MET " if ok else "MISS"


def fmt_ms(value: float | None) -> str:
    """``value`` ms as seconds for the table ("-" for None)."""
    return "   -   " if value is None else f"{value / 1000:5.2f} s"


def report(results: list[PageResult], base_url: str, verbose: bool) -> None:
    """Print the per-page table, the initial JavaScript and the MET/MISS summary."""
    names = list(dict.fromkeys(r["name"] for r in results))
    runs = max(r["run"] for r in results)
    print(f"\nLighthouse 12, mobile emulation (simulated slow 4G, 4x CPU), {base_url}, {runs} run(s)")
    header = f"{'page':10s} {'perf':>5s} {'a11y':>5s} {'FCP':>8s} {'LCP':>8s} {'TBT':>7s} {'CLS':>6s} {'SI':>8s}  path"
    print(header)
    print("-" * len(header))
    medians: dict[str, tuple[float, float]] = {}
    for name in names:
        mine = [r for r in results if r["name"] == name]
        for r in mine:
            if r["runtimeError"]:
                print(f"{name:10s} error: {r['runtimeError']}")
                continue
            path = urlparse(r["url"]).path
            tbt = f"{r['tbt']:5.0f}ms" if r["tbt"] is not None else "   -   "
            cls = f"{r['cls']:6.3f}" if r["cls"] is not None else "   -  "
            label = name if runs == 1 else f"{name} #{r['run']}"
            print(
                f"{label:10s} {r['performance'] * 100:5.0f} {r['accessibility'] * 100:5.0f} {fmt_ms(r['fcp']):>8s} "
                f"{fmt_ms(r['lcp']):>8s} {tbt:>7s} {cls:>6s} {fmt_ms(r['si']):>8s}  {path}"
            )
        ok = [r for r in mine if not r["runtimeError"]]
        if ok:
            medians[name] = (
                statistics.median(r["performance"] * 100 for r in ok),
                statistics.median(r["accessibility"] * 100 for r in ok),
            )
    if verbose:
        for r in results:
            if r["failing"]:
                print(f"\n{r['name']} (run {r['run']}): audits under 0.9")
                for a in r["failing"]:
                    print(f"  {a['score']:.2f} {a['id']}: {a['title']} {a['displayValue']}")
            if lcp_element := r["lcpElement"]:
                print(f"  {r['name']} LCP element: {lcp_element[:120]}")

    # Initial JavaScript: what the home page's load fetched, compressed.
    home = next((r for r in results if r["name"] == "home" and not r["runtimeError"]), None)
    origin = urlparse(base_url).netloc
    with httpx.Client(timeout=30) as client:
        loaded: dict[str, tuple[int, int, int]] = {}
        if home:
            for s in home["scripts"]:
                if urlparse(s["url"]).netloc == origin and s["url"] not in loaded:
                    raw, gz = gzip_size(client, s["url"])
                    loaded[s["url"]] = (raw, gz, s.get("transferSize") or 0)
        entry = {u: gzip_size(client, u) for u in entry_scripts(client, base_url)}
    print("\nInitial JavaScript of the home page (gzip -6 of each file)")
    for url, (raw, gz, transferred) in sorted(loaded.items(), key=lambda kv: -kv[1][1]):
        print(
            f"  {gz / 1024:7.1f} KB gz {raw / 1024:8.1f} KB raw {transferred / 1024:8.1f} KB sent  {urlparse(url).path}"
        )
    total_gz = sum(v[1] for v in loaded.values())
    total_sent = sum(v[2] for v in loaded.values())
    total_raw = sum(v[0] for v in loaded.values())
    print(
        f"  {total_gz / 1024:7.1f} KB gz {total_raw / 1024:8.1f} KB raw {total_sent / 1024:8.1f} KB sent  "
        f"all {len(loaded)} scripts of the load"
    )
    entry_gz = sum(v[1] for v in entry.values())
    print(
        f"  {entry_gz / 1024:7.1f} KB gz  entry script + modulepreloads named by index.html ({len(entry)} files)"
    )

    print("\n==== summary (docs/targets.md section 4.7) " + "=" * 50)
    for name, (perf, a11y) in medians.items():
        print(f"[{mark(perf >= PERF_TARGET)}] {name:10s} performance   {perf:5.0f}   target >= {PERF_TARGET}")
        print(f"[{mark(a11y >= A11Y_TARGET)}] {name:10s} accessibility {a11y:5.0f}   target >= {A11Y_TARGET}")
    if home:
        print(
            f"[{mark(entry_gz <= JS_TARGET_KB * 1024)}] initial JavaScript (entry + modulepreloads) {entry_gz / 1024:6.1f} KB gz "
            f"target <= {JS_TARGET_KB} KB; all of the home page's scripts {total_gz / 1024:.1f} KB gz"
        )
    if total_raw and total_sent >= total_raw * 0.9:
        print("       note: the server sent the scripts uncompressed (no Content-Encoding)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base-url", default="http://127.0.0.1:8000")
    ap.add_argument("--spawn", action="store_true", help="start a seeded server on --port serving --dist")
    ap.add_argument("--port", type=int, default=8796)
    ap.add_argument("--dist", type=Path, default=ROOT / "webapp" / "dist")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--category", default="/keyboards")
    ap.add_argument("--product", default="/headsets/bragi-pro-wireless")
    ap.add_argument(
        "--cart-item", default="/keyboards/mjolnir-full-size", help="product added before the cart page"
    )
    ap.add_argument("--verbose", action="store_true", help="list the audits under 0.9")
    ap.add_argument(
        "--page",
        action="append",
        choices=["home", "category", "product", "cart", "builder"],
        help="measure only this page (repeatable); default all five",
    )
    args = ap.parse_args()
    pages = [
        {"name": "home", "path": "/"},
        {"name": "category", "path": args.category},
        {"name": "product", "path": args.product},
        {"name": "cart", "path": "/cart", "addToCart": args.cart_item},
        {"name": "builder", "path": "/custom-keyboard-builder"},
    ]
    if args.page:
        pages = [p for p in pages if p["name"] in args.page]
    proc = spawn_server(args.port, args.dist.resolve()) if args.spawn else None
    base = f"http://127.0.0.1:{args.port}" if proc else args.base_url.rstrip("/")
    try:
        results = run_lighthouse(base, pages, args.runs)
        report(results, base, args.verbose)
    finally:
        if proc:
            stop_server(proc)
    failed = [f"{r['name']} (run {r['run']}): {r['runtimeError']}" for r in results if r["runtimeError"]]
    if failed:
        raise SystemExit("Lighthouse could not measure " + "; ".join(failed))


if __name__ == "__main__":
    main()
