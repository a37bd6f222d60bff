"""Benchmark: server time of the support timeline of a long cart (docs/targets.md section 4.5:
the full timeline of a 1,000-event cart, states included, in at most 300 ms).

Builds one cart of ``--events`` events on the demo catalogue (a temporary SQLite file, or a
private schema of the PostgreSQL database in ``DATABASE_URL``, dropped afterwards) the way a
restless shopper would: adds of ``--products`` products, count changes (some capped by stock),
removals, country switches between Germany and the United States, coupons applied, refused and
removed, payment methods, checkout hand-offs. Then, ``--repeat`` times each, it times:

* ``endpoint``: ``GET /api/support/carts/{id}/timeline`` as a support user, in process
  (``fastapi.testclient``): reading the stream, folding it once into 1,000 states with their
  descriptions and diffs, today's prices, the orders, the audit row and encoding the JSON;
  judged against the target (p99);
* ``fold``: the event store read and ``services.support.domain.fold_timeline`` alone;
* ``raw read``: the baseline, the event store's rows of the cart (``select_events``) without
  decoding anything, the least any history view does;

and once, the way the issue rules out: loading the aggregate at each version
(``repository.get(id, version=v)``, snapshots helping) and showing it with ``cart_state``.
Ratios to the raw read come from the same run; absolute times only beside them.

    .venv/bin/python bench/support_timeline.py
    .venv/bin/python bench/support_timeline.py --events 120 --repeat 2 --warmup 0     # smoke
    DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5432/test .venv/bin/python bench/support_timeline.py
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _server import private_schema  # noqa: E402

TARGET_MS = 300.0
PASSWORD = "bench support password"
COUPONS = ["welcome10", "save20", "nosuchcode", "creator30", "keyboard15"]


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def timed(fn: Callable[[], Any], repeat: int) -> list[float]:
    """Wall milliseconds of ``repeat`` calls of ``fn``."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append((time.perf_counter() - started) * 1000)
    return times


def build_cart(app: Any, product_ids: list[int], events: int, rng: random.Random) -> str:
    """Send commands to a new cart until it has at least ``events`` events; its token."""
    from services.cart.application import CartRefused
    from services.cart.domain import cart_id_for

    token = secrets.token_urlsafe(32)
    app.execute(token, {"type": "set_country", "country": "DE"}, "bench-0")
    cart_id = cart_id_for(token)
    number = 0
    while app.repository.get(cart_id).version < events:
        number += 1
        cart = app.repository.get(cart_id)
        lines = [line["line_id"] for line in cart.lines]
        roll = rng.random()
        command: dict[str, Any]
        if roll < 0.30 or not lines:
            command = {
                "type": "add",
                "product_id": rng.choice(product_ids),
                "variation_id": None,
                "configuration": None,
                "recommended_by": None,
            }
        elif roll < 0.55:
            command = {"type": "set_count", "line_id": rng.choice(lines), "count": rng.randint(1, 10)}
        elif roll < 0.65:
            command = {"type": "remove", "line_id": rng.choice(lines)}
        elif roll < 0.72:
            command = {"type": "set_country", "country": rng.choice(["DE", "US", "FR"])}
        elif roll < 0.82:
            command = {"type": "apply_coupon", "code": rng.choice(COUPONS)}
        elif roll < 0.88:
            command = {"type": "remove_coupon", "code": rng.choice(COUPONS[:2])}
        elif roll < 0.94:
            command = {"type": "set_payment_intent", "intent": rng.choice(["bacs", "paypal", "cod"])}
        else:
            command = {"type": "start_checkout"}
        try:
            app.execute(token, command, f"bench-{number}")
        except CartRefused:
            pass
    return token


def run(url: str, data_dir: Path, args: argparse.Namespace) -> None:
    """Migrate and seed ``url``, build the cart, time and print."""
    os.environ["DATABASE_URL"] = url
    os.environ["DATA_DIR"] = str(data_dir)
    os.environ.setdefault("RATE_LIMIT_CART_COMMANDS", "100000/second")

    from fastapi.testclient import TestClient
    from sqlalchemy import select

    from services.api.app import create_app
    from services.api.bootstrap import migrate
    from services.cart.application import cart_state
    from services.cart.deps import get_cart_app
    from services.cart.domain import Cart, cart_id_for
    from services.catalog.demo import seed_demo
    from services.catalog.models import Product
    from services.checkout.demo import seed_shipping
    from services.shared.db import get_engine, get_sessionmaker
    from services.shared.settings import get_settings
    from services.staff.service import create_staff_user
    from services.support.domain import fold_timeline

    get_settings.cache_clear()
    migrate(url)
    make_session = get_sessionmaker(url)
    with make_session() as session:
        seed_demo(session)
        seed_shipping(session)
        create_staff_user(session, "bench-support@halvard.gg", PASSWORD, "support")
        session.commit()
        product_ids = list(
            session.scalars(
                select(Product.id)
                .where(Product.status == "publish", Product.type == "simple", Product.sku.is_not(None))
                .order_by(Product.id)
                .limit(args.products)
            )
        )
    rng = random.Random(args.seed)
    with TestClient(create_app()) as client:
        app = get_cart_app()
        started = time.perf_counter()
        token = build_cart(app, product_ids, args.events, rng)
        cart_id = cart_id_for(token)
        version: int = app.repository.get(cart_id).version
        built_s = time.perf_counter() - started
        client.headers["Origin"] = "http://testserver"
        login = client.post(
            "/api/staff/login", json={"email": "bench-support@halvard.gg", "password": PASSWORD}
        )
        assert login.status_code == 200, login.text
        path = f"/api/support/carts/{cart_id}/timeline"

        def endpoint() -> None:
            answer = client.get(path)
            assert answer.status_code == 200, answer.text

        def events() -> list[Cart.Event]:
            return [e for e in app.repository.event_store.get(cart_id) if isinstance(e, Cart.Event)]

        def fold() -> None:
            fold_timeline(events())

        def raw() -> None:
            app.recorder.select_events(cart_id)

        for _ in range(args.warmup):
            endpoint()
            fold()
            raw()
        size = len(client.get(path).content)
        endpoint_ms = timed(endpoint, args.repeat)
        fold_ms = timed(fold, args.repeat)
        raw_ms = timed(raw, args.repeat)
        started = time.perf_counter()
        for v in range(1, version + 1):
            cart_state(app.repository.get(cart_id, version=v))
        naive_ms = (time.perf_counter() - started) * 1000

    get_engine(url).dispose()
    engine = "PostgreSQL" if url.startswith("postgresql") else "SQLite"
    lines = max(len(e["state"]["lines"]) for e in fold_timeline(events()))
    print(
        f"support timeline ({engine}): one cart of {version} events (at most {lines} lines), "
        f"built in {built_s:.1f} s; {args.repeat} timed runs each; JSON answer {size / 1e6:.1f} MB"
    )
    base = statistics.median(raw_ms)
    for label, values in (("endpoint", endpoint_ms), ("fold", fold_ms), ("raw read", raw_ms)):
        p50, p99 = statistics.median(values), percentile(values, 99)
        print(f"  {label:<9} p50 {p50:8.1f} ms  p99 {p99:8.1f} ms  ({p50 / base:6.1f}x the raw read at p50)")
    print(
        f"  per-version aggregate loads (ruled out): {naive_ms:8.1f} ms once "
        f"({naive_ms / statistics.median(fold_ms):.1f}x the fold)"
    )
    p99 = percentile(endpoint_ms, 99)
    if version < 1000:
        print(
            f"  target: endpoint p99 <= {TARGET_MS:.0f} ms for a 1,000-event cart: not judged ({version} events)"
        )
        return
    verdict = "met" if p99 <= TARGET_MS else "NOT met"
    print(f"  target: endpoint p99 <= {TARGET_MS:.0f} ms for a 1,000-event cart: {verdict} ({p99:.1f} ms)")


def main() -> None:
    """Parse arguments and run on SQLite (default) or the PostgreSQL of ``DATABASE_URL``."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--events", type=int, default=1000, help="events of the cart (at least)")
    parser.add_argument("--products", type=int, default=8, help="distinct products the shopper adds")
    parser.add_argument("--repeat", type=int, default=20, help="timed runs of each measurement")
    parser.add_argument("--warmup", type=int, default=3, help="untimed runs first")
    parser.add_argument("--seed", type=int, default=13, help="random seed (same seed, same cart)")
    args = parser.parse_args()
    if args.events < 2 or args.repeat < 1:
        parser.error("--events must be at least 2 and --repeat at least 1")
    base = os.environ.get("DATABASE_URL", "")
    tmp = Path(tempfile.mkdtemp(prefix="support-bench-"))
    if base.startswith("postgresql"):
        with private_schema(base, "bench_support") as url:
            run(url, tmp, args)
    else:
        run(f"sqlite:///{tmp / 'shop.sqlite3'}", tmp, args)


if __name__ == "__main__":
    main()
