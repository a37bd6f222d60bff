"""Benchmark: WooCommerce product CSV import speed, and the shop's answers during an import
(docs/targets.md, "Catalogue import"; docs/operations.md, "Benchmarks").

Targets: at least 500 rows/s on SQLite and on PostgreSQL; during a 10,000-row import a cart
command and a checkout (quote, place order) answer within 1 s.

What one run does:

1. Generates ``--rows`` rows (default 10,000) in WooCommerce's exporter format
   (``WC_Product_CSV_Exporter`` columns, the shape of ``tests/fixtures/woocommerce/export.csv``):
   simple products and, every tenth product, a variable one followed by three variations;
   categories from a pool of two-level paths, tags, two image links, sale prices and dates,
   weights and dimensions; IDs from 100,000 up, so they never meet the demo catalogue's.
2. Prepares a fresh database: a temporary SQLite file, or with ``--database-url`` (a
   PostgreSQL URL) a private schema of that database, dropped at the end; migrates it and
   seeds the demo catalogue and shipping (``shop migrate``, ``shop seed``).
3. Without ``--serve``: imports the file in this process (``import_products_csv``, batches of
   ``--batch-size``) and prints rows/s.
4. With ``--serve``: starts the shop (uvicorn, ``--workers``, rate limits off) on the database,
   then measures for ``--baseline-seconds`` without an import and again during the import:
   one client sends cart commands back to back (``add``/``remove`` on one cart), another runs
   checkouts back to back (new cart, ``add``, ``start_checkout``, ``POST /api/checkout/quote``,
   ``POST /api/checkout/orders``). Prints p50/p99/max per kind in each phase and the ratio
   during/without the import, next to the import's rows/s.

    .venv/bin/python bench/catalog_import.py                          # SQLite, 10,000 rows
    .venv/bin/python bench/catalog_import.py --serve                  # + the shop's latencies
    .venv/bin/python bench/catalog_import.py --database-url postgresql+psycopg://postgres@127.0.0.1:5432/test --serve
    .venv/bin/python bench/catalog_import.py --rows 300 --serve --baseline-seconds 1   # smoke
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
from _server import ROOT, private_schema, set_rate_limits, start_server, stop_server

from services.catalog.importer import import_products_csv
from services.catalog.importer.export import BASE_COLUMNS, META_COLUMNS
from services.shared.db import get_engine, get_sessionmaker

ATTRIBUTES = ["Attribute 1 name", "Attribute 1 value(s)", "Attribute 1 visible", "Attribute 1 global"]
NO_LIMITS = {
    "RATE_LIMIT_CART_COMMANDS": "",
    "RATE_LIMIT_NEW_CARTS": "",
    "RATE_LIMIT_PLACE_ORDER": "",
    "RATE_LIMIT_COUPON_FAILURES_PER_CART": "",
    "RATE_LIMIT_COUPON_FAILURES_PER_CLIENT": "",
}
FORM = {
    "email": "bench@example.com",
    "first_name": "Bench",
    "last_name": "Mark",
    "address_1": "Unter den Linden 1",
    "city": "Berlin",
    "postcode": "10117",
    "country": "DE",
    "phone": "+49 30 1234567",
    "shipping_method": "de_standard",
    "payment_method": "bacs",
    "terms_accepted": True,
}


def generate(path: Path, rows: int, seed: int = 7) -> None:
    """Write ``rows`` data rows in WooCommerce's exporter format to ``path``."""
    rng = random.Random(seed)
    header = [*BASE_COLUMNS, *ATTRIBUTES, *META_COLUMNS]
    groups = ["Keyboards", "Mice", "Headsets", "Audio", "Accessories"]
    leaves = ["Wireless", "Wired", "Spare parts", "Limited", "Bundles"]
    tags = ["RGB", "USB-C", "Bluetooth", "Low latency", "PBT", "Hot-swap", "Ergonomic", "Team"]
    with path.open("w", encoding="utf-8", newline="") as out:
        out.write("\ufeff")
        writer = csv.DictWriter(out, header, restval="", lineterminator="\n")
        writer.writeheader()
        pid, written = 100_000, 0
        while written < rows:
            variable = pid % 10 == 0 and rows - written >= 4
            regular = rng.randint(999, 29999)
            row = {
                "ID": str(pid),
                "Type": "variable" if variable else "simple",
                "SKU": f"BENCH-{pid}",
                "Name": f"Bench {rng.choice(groups)} {pid}",
                "Published": "1",
                "Is featured?": "0",
                "Visibility in catalog": "visible",
                "Short description": "A product made by the import benchmark.",
                "Description": "First paragraph.\\nSecond paragraph.",
                "Tax status": "taxable",
                "In stock?": "1",
                "Stock": "" if variable else str(rng.randint(0, 50)),
                "Backorders allowed?": "0",
                "Weight (kg)": f"{rng.randint(50, 2000) / 1000}",
                "Length (cm)": str(rng.randint(5, 50)),
                "Width (cm)": str(rng.randint(5, 30)),
                "Height (cm)": str(rng.randint(1, 10)),
                "Regular price": "" if variable else f"{regular / 100:.2f}",
                "Sale price": "" if variable or pid % 3 else f"{regular * 0.8 / 100:.2f}",
                "Date sale price starts": "" if pid % 3 else "2026-11-27 00:00:00",
                "Date sale price ends": "" if pid % 3 else "2026-11-30",
                "Categories": f"{rng.choice(groups)} > {rng.choice(leaves)}",
                "Tags": ", ".join(rng.sample(tags, 2)),
                "Images": f"https://cdn.example.com/{pid}-1.jpg, https://cdn.example.com/{pid}-2.jpg",
                "Position": "0",
                "Meta: _regular_price_usd": "" if variable else f"{regular * 1.1 / 100:.2f}",
            }
            if variable:
                row.update({ATTRIBUTES[0]: "Colour", ATTRIBUTES[1]: "Black, White, Red", ATTRIBUTES[2]: "1"})
            writer.writerow(row)
            written += 1
            parent = pid
            pid += 1
            if variable:
                for colour in ("Black", "White", "Red"):
                    writer.writerow(
                        {
                            "ID": str(pid),
                            "Type": "variation",
                            "SKU": f"BENCH-{pid}",
                            "Name": f"Bench {parent} - {colour}",
                            "Published": "1",
                            "In stock?": "1",
                            "Stock": str(rng.randint(0, 20)),
                            "Backorders allowed?": "0",
                            "Regular price": f"{regular / 100:.2f}",
                            "Parent": f"id:{parent}",
                            "Position": "0",
                            ATTRIBUTES[0]: "Colour",
                            ATTRIBUTES[1]: colour,
                        }
                    )
                    written += 1
                    pid += 1


def prepare(env: dict[str, str]) -> None:
    """Migrate and seed the database of ``env`` (the shop's own commands)."""
    for command in ("migrate", "seed"):
        subprocess.run(
            [sys.executable, "-m", "services.api.cli", command],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
        )


def run_import(url: str, path: Path, batch_size: int, pause: float | None = None) -> tuple[float, Any]:
    """Import ``path`` into ``url``; returns (seconds, report)."""
    session = get_sessionmaker(url)()
    try:
        started = time.perf_counter()
        report = import_products_csv(session, path, batch_size=batch_size, pause=pause)
        return time.perf_counter() - started, report
    finally:
        session.close()


class Probe:
    """Back-to-back shop requests in a thread; latencies (ms) per kind while running."""

    def __init__(self, base: str, products: list[int]) -> None:
        self.base, self.products = base, products
        self.samples: dict[str, list[float]] = {"cart command": [], "checkout quote": [], "place order": []}
        self.errors: list[str] = []
        self._stop = threading.Event()
        self._threads = [
            threading.Thread(target=self._cart, daemon=True),
            threading.Thread(target=self._checkout, daemon=True),
        ]

    def __enter__(self) -> Probe:
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join()

    def _timed(
        self, client: httpx.Client, kind: str, path: str, token: str, body: dict[str, Any], ok: int = 200
    ) -> Any:
        headers = {"X-Cart-Token": token, "Idempotency-Key": secrets.token_hex(8)}
        started = time.perf_counter()
        answer = client.post(path, headers=headers, json=body)
        if kind:
            self.samples[kind].append((time.perf_counter() - started) * 1000)
        if answer.status_code != ok:
            self.errors.append(f"{kind or path}: {answer.status_code} {answer.text[:120]}")
        return answer

    def _new_cart(self, client: httpx.Client) -> str:
        token = secrets.token_urlsafe(32)
        self._timed(client, "", "/api/cart", token, {"country": "DE"}, ok=201)
        return token

    def _cart(self) -> None:
        with httpx.Client(base_url=self.base, timeout=60) as client:
            token = self._new_cart(client)
            while not self._stop.is_set():
                added = self._timed(
                    client,
                    "cart command",
                    "/api/cart/commands",
                    token,
                    {"type": "add", "product_id": self.products[0]},
                )
                body = added.json()
                cart = body.get("cart", body) if isinstance(body, dict) else {}
                lines = [line["line_id"] for line in cart.get("lines", [])]
                for line in lines:
                    self._timed(
                        client,
                        "cart command",
                        "/api/cart/commands",
                        token,
                        {"type": "remove", "line_id": line},
                    )

    def _checkout(self) -> None:
        with httpx.Client(base_url=self.base, timeout=60) as client:
            while not self._stop.is_set():
                token = self._new_cart(client)
                self._timed(
                    client,
                    "",
                    "/api/cart/commands",
                    token,
                    {"type": "add", "product_id": random.choice(self.products)},
                )
                self._timed(client, "", "/api/cart/commands", token, {"type": "start_checkout"})
                self._timed(client, "checkout quote", "/api/checkout/quote", token, {"country": "DE"})
                self._timed(client, "place order", "/api/checkout/orders", token, FORM, ok=201)


def buyable(base: str) -> list[int]:
    """In-stock, priced simple demo products with a SKU (a product without one cannot be bought
    online, docs/spec.md section 4), those without managed stock first (orders never run them
    out)."""
    products = httpx.get(f"{base}/api/wc/products?per_page=100", timeout=30).json()
    plain = [
        p["id"]
        for p in products
        if p["type"] == "simple"
        and p["stock_status"] == "instock"
        and float(p.get("price") or 0) > 0
        and p.get("sku")
        and p.get("purchasable", True)
        and p["id"] not in (26907, 31575)  # the keyboard builder and the kit it caps (spec 4)
        and not p.get("isConfigurable")
        and (p.get("acf") or {}).get("availability") != "coming_soon"
    ]
    unmanaged = [p["id"] for p in products if p["id"] in plain and not p.get("manage_stock")]
    return unmanaged or plain


def stats(values: list[float]) -> dict[str, float]:
    """n, p50, p99 and max of ``values`` (ms); zeros when there are none."""
    if not values:
        return {"n": 0, "p50": 0.0, "p99": 0.0, "max": 0.0}
    ordered = sorted(values)
    return {
        "n": len(ordered),
        "p50": statistics.median(ordered),
        "p99": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))],
        "max": ordered[-1],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=10_000)
    ap.add_argument("--batch-size", type=int, default=250)
    ap.add_argument("--database-url", default="", help="PostgreSQL URL (default: a temporary SQLite file)")
    ap.add_argument("--serve", action="store_true", help="measure the shop's answers during the import")
    ap.add_argument("--port", type=int, default=8793)
    ap.add_argument("--workers", type=int, default=int(os.environ.get("BENCH_WORKERS", "2")))
    ap.add_argument("--baseline-seconds", type=float, default=10)
    ap.add_argument(
        "--pause", type=float, default=None, help="seconds between batches (default: the importer's)"
    )
    args = ap.parse_args()
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-import-")))
        url = args.database_url
        if url:
            url = stack.enter_context(private_schema(url, "bench_import"))
        else:
            url = f"sqlite:///{folder}/shop.sqlite3"
        env = dict(os.environ, DATA_DIR=str(folder), DATABASE_URL=url, MAIL_BACKEND="outbox")
        prepare(env)
        csv_path = folder / "products.csv"
        generate(csv_path, args.rows)
        engine_name = "PostgreSQL" if url.startswith("postgresql") else "SQLite"
        print(f"{engine_name}: {args.rows} rows, batches of {args.batch_size}", flush=True)
        probes: dict[str, dict[str, dict[str, float]]] = {}
        if args.serve:
            set_rate_limits(env, NO_LIMITS)
            cmd = [sys.executable, "-m", "uvicorn", "services.api.main:app", "--port", str(args.port)]
            cmd += ["--log-level", "warning", "--no-access-log", "--workers", str(args.workers)]
            proc = start_server(cmd, env, args.port)
            stack.callback(stop_server, proc)
            base = f"http://127.0.0.1:{args.port}"
            products = buyable(base)
            with Probe(base, products) as baseline:
                time.sleep(args.baseline_seconds)
            with Probe(base, products) as during:
                seconds, report = run_import(url, csv_path, args.batch_size, args.pause)
            probes = {"without import": {k: stats(v) for k, v in baseline.samples.items()}}
            probes["during import"] = {k: stats(v) for k, v in during.samples.items()}
            for name, probe in (("without import", baseline), ("during import", during)):
                if probe.errors:
                    print(f"errors {name}: {len(probe.errors)}; first: {probe.errors[0]}")
        else:
            seconds, report = run_import(url, csv_path, args.batch_size, args.pause)
        get_engine(url).dispose()
        print(report.summary().splitlines()[0])
        if report.errors:
            print(f"first error: line {report.errors[0][0]}: {report.errors[0][1]}")
        print(
            f"import: {args.rows} rows in {seconds:.2f} s = {args.rows / seconds:.0f} rows/s (target >= 500)"
        )
        if probes:
            for kind in probes["without import"]:
                base_p, during_p = probes["without import"][kind], probes["during import"][kind]
                ratio = during_p["p99"] / base_p["p99"] if base_p["p99"] else float("nan")
                print(
                    f"{kind:15s} during/without p99 = {ratio:5.2f}   during: n={during_p['n']:.0f} "
                    f"p50={during_p['p50']:.0f} p99={during_p['p99']:.0f} max={during_p['max']:.0f} ms   "
                    f"without: n={base_p['n']:.0f} p50={base_p['p50']:.0f} p99={base_p['p99']:.0f} "
                    f"max={base_p['max']:.0f} ms (target max < 1000 ms)"
                )


if __name__ == "__main__":
    main()
