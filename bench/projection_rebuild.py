"""Benchmark: rebuilding the ``cart_current`` read model from the full cart log (target >= 20,000
events/s, docs/targets.md section 4.3).

Generates a log of ``--events`` cart events over ``--carts`` carts (interleaved in rounds, as
real traffic is: add, set_count, remove, set_country, checkout, refusals, clears), written in
bulk through ``CartApplication.save`` with a fake catalogue, then times
``CartProjector.rebuild()`` (empty the view, reset tracking, catch up) and prints events/s.
Beside it, the baseline of the same run: reading and decoding the whole log in the same
batches and applying nothing (``read_log``), with the ratio rebuild : read+decode (how much
the projection itself costs over just reading its input).

The database is a temporary SQLite file by default, or a private schema of the PostgreSQL
database in ``DATABASE_URL`` (dropped afterwards), migrated as ``migrate`` does it
(``services.api.bootstrap.migrate``: Alembic, the event store's tables included).

    .venv/bin/python bench/projection_rebuild.py
    .venv/bin/python bench/projection_rebuild.py --events 2000 --carts 50 --repeat 1   # smoke
    DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5432/test .venv/bin/python bench/projection_rebuild.py
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _server import private_schema  # noqa: E402
from sqlalchemy import func, select  # noqa: E402

from services.cart.application import CartApplication  # noqa: E402
from services.cart.domain import Cart, CartRefusal  # noqa: E402
from services.cart.facts import CountryFacts, Price, ProductFacts  # noqa: E402

TARGET = 20_000
COUNTRIES = {
    "DE": CountryFacts("DE", "Germany", "EUR", "MwSt.", 1900),
    "US": CountryFacts("US", "United States", "USD", "Sales tax", 0),
    "SE": CountryFacts("SE", "Sweden", "EUR", "Moms", 2500),
}


def products(n: int = 40) -> list[ProductFacts]:
    """``n`` simple products with varied prices, stock and backorders."""
    out = []
    for i in range(n):
        out.append(
            ProductFacts(
                product_id=1000 + i,
                variation_id=None,
                sku=f"SKU-{i}",
                name=f"Product {i}",
                image=None,
                published=True,
                product_type="simple",
                availability=None,
                eur=Price(1000 + 137 * i, 900 + 120 * i if i % 3 == 0 else None),
                usd=Price(1100 + 150 * i, None),
                stock_status="instock" if i % 7 else "onbackorder",
                stock_quantity=None if i % 5 else 3,
                manage_stock=i % 5 == 0,
                backorders="yes" if i % 7 == 0 else "no",
            )
        )
    return out


def one_command(cart: Cart, rng: random.Random, catalogue: list[ProductFacts], n: int) -> None:
    """Apply one random command to ``cart`` (refusals are recorded as ``CommandRefused``)."""
    ctx = {"command_id": f"k{n}", "request_hash": "h"}
    roll = rng.random()
    try:
        if roll < 0.5 or not cart.lines:
            cart.add(rng.choice(catalogue), configuration=None, recommended_by=None, **ctx)
        elif roll < 0.75:
            line = rng.choice(cart.lines)
            cart.set_count(line["line_id"], rng.randint(0, 10), None, **ctx)
        elif roll < 0.85:
            cart.remove(rng.choice(cart.lines)["line_id"], **ctx)
        elif roll < 0.92:
            cart.change_country(COUNTRIES[rng.choice(list(COUNTRIES))], **ctx)
        elif roll < 0.97:
            cart.start_checkout(**ctx)
        else:
            cart.clear(**ctx)
    except CartRefusal:
        pass


def generate(app: CartApplication, events: int, carts: int, seed: int = 7) -> int:
    """Write about ``events`` events over ``carts`` carts, interleaved; returns the count written."""
    rng = random.Random(seed)
    catalogue = products()
    live: list[Cart] = []
    for _ in range(carts):
        c = COUNTRIES["DE"]
        live.append(
            Cart(
                id=uuid.uuid4(),
                country=c.code,
                country_name=c.name,
                currency=c.currency,
                tax_name=c.tax_name,
                tax_rate_bp=c.tax_rate_bp,
            )
        )
    written = 0
    n = 0
    while written < events:
        chunk: list[Cart] = []
        for cart in live:
            pending = sum(len(x.pending_events) for x in chunk)
            if written + pending >= events:
                break
            n += 1
            one_command(cart, rng, catalogue, n)
            chunk.append(cart)
            if len(chunk) == 250:
                written += sum(len(x.pending_events) for x in chunk)
                app.save(*chunk)
                chunk = []
        if chunk:
            written += sum(len(x.pending_events) for x in chunk)
            app.save(*chunk)
    return written


def read_log(app: CartApplication, batch_size: int) -> int:
    """The baseline: read and decode the whole notification log, ``batch_size`` notifications
    per query, as a rebuild does, but apply nothing and write nothing. Returns the count read."""
    select_notifications = app.recorder.select_notifications
    to_domain_event = app.mapper.to_domain_event
    read = 0
    after = 0
    while True:
        notes = select_notifications(start=after, limit=batch_size, inclusive_of_start=False)
        if not notes:
            return read
        for note in notes:
            to_domain_event(note)
        read += len(notes)
        after = notes[-1].id


def run(url: str, data_dir: Path, args: argparse.Namespace) -> None:
    """Migrate the database at ``url`` as ``migrate`` does (Alembic, the event store's tables
    included), write the log, time the baseline and the rebuilds, and print the figures."""
    os.environ["DATABASE_URL"] = url
    os.environ["DATA_DIR"] = str(data_dir)

    from services.api.bootstrap import migrate
    from services.cart.eventstore import eventstore_env
    from services.cart.projection import CartProjector
    from services.cart.readmodel import CartCurrent
    from services.shared.db import get_engine
    from services.shared.settings import get_settings

    get_settings.cache_clear()
    migrate(url)
    app = CartApplication(eventstore_env(get_settings()))
    engine = get_engine(url)
    try:
        started = time.perf_counter()
        written = generate(app, args.events, args.carts)
        print(f"generated {written} events over {args.carts} carts in {time.perf_counter() - started:.1f} s")
        projector = CartProjector(app, engine, rebuild_batch_size=args.batch_size)
        best_read = best = 0.0
        read = last = 0
        for _ in range(args.repeat):
            started = time.perf_counter()
            read = read_log(app, args.batch_size)
            read_s = time.perf_counter() - started
            best_read = max(best_read, read / read_s)
            started = time.perf_counter()
            last = projector.rebuild()
            elapsed = time.perf_counter() - started
            best = max(best, written / elapsed)
            print(
                f"read+decode: {read} events in {read_s:.2f} s = {read / read_s:,.0f} events/s | "
                f"rebuild: {written} events (last id {last}) in {elapsed:.2f} s = {written / elapsed:,.0f} events/s"
            )
        with engine.connect() as conn:
            rows = conn.execute(select(func.count()).select_from(CartCurrent)).scalar_one()
        if read != written or not 0 < rows <= args.carts:
            raise SystemExit(f"the log holds {read} of the {written} events written; {rows} cart rows")
        dialect = engine.dialect.name
        verdict = "OK" if best >= TARGET else "BELOW TARGET"
        print(
            f"{dialect}: {rows} cart rows; best rebuild {best:,.0f} events/s (target >= {TARGET:,}) {verdict}; "
            f"best read+decode of the log {best_read:,.0f} events/s; "
            f"ratio rebuild : read+decode = {best / best_read:.2f}"
        )
    finally:
        app.close()
        engine.dispose()


def main() -> None:
    """Parse arguments; run on a temporary SQLite file, or on a private schema of the
    PostgreSQL database in ``DATABASE_URL`` (dropped afterwards)."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--events", type=int, default=50_000)
    parser.add_argument("--carts", type=int, default=2_000)
    parser.add_argument("--batch-size", type=int, default=50_000, help="notifications per rebuild batch")
    parser.add_argument("--repeat", type=int, default=3, help="rebuilds to time (best is reported)")
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="projection-bench-"))
    base = os.environ.get("DATABASE_URL", "")
    if base.startswith("postgresql"):
        with private_schema(base, "bench_rebuild") as url:
            run(url, tmp / "data", args)
    else:
        run(f"sqlite:///{tmp / 'shop.sqlite3'}", tmp / "data", args)


if __name__ == "__main__":
    main()
