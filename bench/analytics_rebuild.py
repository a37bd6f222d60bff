"""Benchmark: rebuilding the seven ``analytics_*`` read models from the full cart log (target
>= 20,000 events/s on each engine, docs/targets.md section 4.3).

Generates a log of ``--events`` cart events over ``--carts`` carts, interleaved in rounds as real
traffic is: the mix of ``bench/projection_rebuild.py`` (its catalogue, countries and
``one_command``, imported, not copied: adds, counts, removals, country changes, checkouts,
refusals, clears) plus what only analytics reads: configured builds of a keyboard with
configurator choices (extras in both currencies), coupons applied (a percentage, a fixed
amount, an expired and an unknown code: refusals), removed, and re-checked at the hand-off,
the checkout hand-off that clears the cart and re-adds the browser's lines, and orders: an
``orders`` row with its lines (what revenue and the coupon ledger read) committed before
``OrderPlaced`` (``Cart.record_order``), as checkout does. Everything is written in bulk through
``CartApplication.save``.

Then, ``--repeat`` times, in this order on the same log:

- read + decode: the whole log read and decoded in the rebuild's batches, nothing applied
  (``projection_rebuild.read_log``): the floor of any projection of this log;
- ``cart_current``: ``CartProjector.rebuild()``, the cart read model's rebuild;
- analytics: ``AnalyticsProjector.rebuild()`` (all seven projections: empty them, reset their
  tracking, catch up, sweep).

and prints events/s of each and the ratios analytics : read+decode and analytics :
cart_current within each run (the summary gives their medians) (docs/targets.md section 4: ratios first, since machines
differ), and where each analytics rebuild's time went in this process (``Phases``, meaningful
with ``--rebuild-workers 1``; a rebuild shared by workers shows as "rest": reading, decoding, folding
into facts, each projection's rows and SQL, the rest). Then ``--live-events`` more events are
followed in batches of ``--live-batch`` (default 50, like the running shop's micro-batches) by
both projectors: the per-batch cost behind the projection lag of docs/targets.md section 4.3. ``--profile FILE`` runs one more analytics rebuild under cProfile and prints the 25
functions with the most cumulative time (and writes the stats to FILE for ``pstats``/snakeviz).

The database is a temporary SQLite file by default (its folder removed afterwards), or a
private schema of the PostgreSQL database in ``DATABASE_URL`` (dropped afterwards), migrated as
``migrate`` does it.

    .venv/bin/python bench/analytics_rebuild.py
    .venv/bin/python bench/analytics_rebuild.py --events 2000 --carts 50 --batch-size 500 --repeat 1 --live-events 200  # smoke
    DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5432/test .venv/bin/python bench/analytics_rebuild.py
    .venv/bin/python bench/analytics_rebuild.py --repeat 1 --profile /tmp/analytics.prof
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _server import private_schema  # noqa: E402
from projection_rebuild import COUNTRIES, TARGET, one_command, products, read_log  # noqa: E402
from sqlalchemy import Engine, func, select  # noqa: E402

from services.cart.application import CartApplication  # noqa: E402
from services.cart.domain import Cart, CartRefusal  # noqa: E402
from services.cart.facts import ChoiceFacts, Price, ProductFacts  # noqa: E402
from services.discounts.domain import CouponFacts  # noqa: E402

KEYBOARD_ID = 26907
COUPONS: dict[str, CouponFacts | None] = {
    "spring": CouponFacts(id=1, code="spring", discount_type="percent", amount=1000),
    "tenoff": CouponFacts(id=2, code="tenoff", discount_type="fixed_cart", amount=1000, minimum_amount=5000),
    "old": CouponFacts(
        id=3, code="old", discount_type="fixed_cart", amount=500, date_expires=datetime(2020, 1, 1)
    ),
    "nosuch": None,  # unknown: refused coupon_not_found
}
LAYERS = {"case": ("alu", "wood", "plastic"), "switch": ("red", "brown", "blue"), "keycaps": ("pbt", "abs")}


def keyboard() -> ProductFacts:
    """The configurable keyboard: three layers of choices, each with extras in EUR and USD."""
    choices = {
        f"{layer}:{choice}": ChoiceFacts(
            layer_id=layer,
            choice_id=choice,
            name=choice.title(),
            layer_name=layer.title(),
            extra_eur=500 * i,
            extra_usd=600 * i,
            stock_status="instock",
            has_backorder=False,
        )
        for layer, options in LAYERS.items()
        for i, choice in enumerate(options)
    }
    return ProductFacts(
        product_id=KEYBOARD_ID,
        variation_id=None,
        sku="KB-CUSTOM",
        name="Custom keyboard",
        image=None,
        published=True,
        product_type="simple",
        availability=None,
        eur=Price(14900),
        usd=Price(16900),
        stock_status="instock",
        stock_quantity=None,
        manage_stock=False,
        backorders="no",
        choices=choices,
    )


class Shop:
    """The generator's world: the catalogue, the orders waiting to be inserted, order numbers."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.catalogue = products()
        self.by_id = {p.product_id: p for p in self.catalogue}
        self.keyboard = keyboard()
        self.by_id[KEYBOARD_ID] = self.keyboard
        self.orders: list[dict[str, Any]] = []
        self.order_lines: list[dict[str, Any]] = []
        self.next_order = 1

    def command(self, cart: Cart, n: int) -> None:
        """One random command on ``cart``: about 30 % analytics-specific (configured builds,
        coupons, the hand-off, orders), the rest ``projection_rebuild.one_command``'s mix."""
        rng = self.rng
        ctx = {"command_id": f"k{n}", "request_hash": "h"}
        roll = rng.random()
        try:
            if cart.checkout_started and any(line["count"] > 0 for line in cart.lines) and roll < 0.5:
                self.place_order(cart, ctx)
            elif roll < 0.08:
                build = [f"{layer}:{rng.choice(options)}" for layer, options in LAYERS.items()]
                cart.add(self.keyboard, configuration=build, recommended_by=None, **ctx)
            elif roll < 0.16:
                code = rng.choice(["spring", "spring", "tenoff", "old", "nosuch"])
                cart.apply_coupon(
                    COUPONS[code], code.upper() if rng.random() < 0.3 else code, now=datetime.now(UTC), **ctx
                )
            elif roll < 0.19 and cart.coupons:
                cart.remove_coupon(str(rng.choice(cart.coupons)["code"]), **ctx)
            elif roll < 0.27 and cart.lines:
                self.hand_off(cart, ctx)
            else:
                one_command(cart, rng, self.catalogue, n)
        except CartRefusal:
            pass

    def hand_off(self, cart: Cart, ctx: dict[str, Any]) -> None:
        """'Continue to checkout' with the browser's lines (now and then one count differs):
        ``Cleared``, the lines re-added, coupons re-checked, ``CheckoutStarted``, in one command."""
        items: list[tuple[ProductFacts | None, list[str] | None, ProductFacts | None, int]] = []
        for line in cart.lines:
            build = [f"{c['layer_id']}:{c['choice_id']}" for c in line.get("configuration") or []] or None
            count = max(0, int(line["count"]) + self.rng.choice([0, 0, 0, 1, -1]))
            items.append((self.by_id[int(line["product_id"])], build, None, count))
        if not any(count > 0 for *_, count in items):
            cart.refuse("cart_empty", "Your cart is empty.", 409, **ctx)
        cart.replace_lines(items, **ctx)
        cart.recheck_coupons(now=datetime.now(UTC), **ctx)
        cart.start_checkout(**ctx)

    def place_order(self, cart: Cart, ctx: dict[str, Any]) -> None:
        """What checkout does: the ``orders`` row (amounts from the cart's totals, a flat
        shipping cost) and its lines, then ``OrderPlaced`` on the cart."""
        totals = cart.totals()
        order_id = self.next_order
        self.next_order += 1
        shipping = self.rng.choice([0, 490, 990])
        lines = [line for line in cart.lines if line["count"] > 0]
        self.orders.append(
            {
                "id": order_id,
                "order_key_hash": "x" * 64,
                "status": "on-hold",
                "currency": cart.currency,
                "country": cart.country,
                "subtotal": totals["subtotal"],
                "discount": totals["discount"],
                "shipping": shipping,
                "tax": totals["tax_included"],
                "total": totals["total"] + shipping,
                "tax_name": cart.tax_name,
                "tax_rate_bp": cart.tax_rate_bp,
                "shipping_method": "flat_rate",
                "shipping_method_title": "Flat rate",
                "payment_method": "bacs",
                "payment_method_title": "Bank transfer",
                "coupons": [{"code": c["code"], "discount": c["discount"]} for c in cart.coupon_lines()],
                "cart_id": str(cart.id),
                "cart_version": cart.version,
                "idempotency_key": f"order-{order_id}",
                "request_hash": "h",
                "date_created": datetime.now(UTC),
            }
        )
        self.order_lines.extend(
            {
                "order_id": order_id,
                "position": i,
                "product_id": line["product_id"],
                "variation_id": line.get("variation_id"),
                "sku": line.get("sku") or "",
                "name": line["name"],
                "count": line["count"],
                "unit_price": 100,
                "subtotal": 100 * line["count"],
                "discount": 0,
                "total": 100 * line["count"],
                "configuration": None,
            }
            for i, line in enumerate(lines)
        )
        cart.record_order(str(order_id), int(totals["total"]) + shipping, cart.currency, **ctx)

    def flush_orders(self, engine: Engine) -> None:
        """Insert the orders placed since the last flush (before their ``OrderPlaced`` is saved)."""
        from services.checkout.models import Order, OrderLine

        if not self.orders:
            return
        with engine.begin() as conn:
            conn.execute(Order.__table__.insert(), self.orders)
            if self.order_lines:
                conn.execute(OrderLine.__table__.insert(), self.order_lines)
        self.orders, self.order_lines = [], []


def generate(
    app: CartApplication, engine: Engine, events: int, carts: int, seed: int = 7, first_order: int = 1
) -> tuple[int, int]:
    """Write about ``events`` events over ``carts`` new carts, interleaved in rounds and saved
    250 carts at a time (the orders of a chunk inserted first, numbered from ``first_order``);
    returns (events written, orders placed)."""
    shop = Shop(random.Random(seed))
    shop.next_order = first_order
    live = []
    for i in range(carts):
        c = COUNTRIES["US" if i % 4 == 0 else "DE"]
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
    written = n = 0

    def save(chunk: list[Cart]) -> int:
        shop.flush_orders(engine)
        count = sum(len(x.pending_events) for x in chunk)
        app.save(*chunk)
        return count

    while written < events:
        chunk: list[Cart] = []
        for cart in live:
            if written + sum(len(x.pending_events) for x in chunk) >= events:
                break
            n += 1
            shop.command(cart, n)
            chunk.append(cart)
            if len(chunk) == 250:
                written += save(chunk)
                chunk = []
        if chunk:
            written += save(chunk)
    return written, shop.next_order - first_order


def count_rows(engine: Engine) -> dict[str, int]:
    """Rows of each public analytics table (what the rebuild produced)."""
    from services.analytics.read_models import (
        AnalyticsAbandonedCart,
        AnalyticsCartEvent,
        AnalyticsConfiguratorChoice,
        AnalyticsCouponLedger,
        AnalyticsFunnelDaily,
        AnalyticsProductDaily,
        AnalyticsRevenueDaily,
    )

    models = (
        AnalyticsCartEvent,
        AnalyticsFunnelDaily,
        AnalyticsProductDaily,
        AnalyticsAbandonedCart,
        AnalyticsCouponLedger,
        AnalyticsRevenueDaily,
        AnalyticsConfiguratorChoice,
    )
    with engine.connect() as conn:
        return {
            model.__tablename__: int(conn.execute(select(func.count()).select_from(model)).scalar_one())
            for model in models
        }


class Phases:
    """Wall-clock time of the parts of an analytics rebuild, without a profiler's distortion:
    reading notifications (``select_notifications``), decoding them, folding them into facts
    (``_facts``: aggregates before each event, ``fact_of``, the cart's totals at idle points),
    each projection's ``apply`` (building its rows and the SQL, not the commit), and the rest
    (commits, tracking rows, reset, sweep). Wraps the methods on the instances; ``reset()``
    before the rebuild to time."""

    def __init__(self, analytics: Any) -> None:
        self.seconds: dict[str, float] = {}
        recorder = analytics.app.recorder
        recorder.select_notifications = self._timed("read", recorder.select_notifications)
        analytics._decode = self._timed("decode", analytics._decode)
        analytics._facts = self._timed("facts", analytics._facts)
        for tracked in analytics.tracked:
            projection = tracked.projection
            projection.apply = self._timed(projection.name.removeprefix("analytics_"), projection.apply)

    def _timed(self, name: str, method: Any) -> Any:
        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return method(*args, **kwargs)
            finally:
                self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - started

        return timed

    def reset(self) -> None:
        """Forget what was timed so far."""
        self.seconds = {}

    def line(self, total: float) -> str:
        """The parts as seconds and shares of ``total`` (the rebuild's wall-clock seconds)."""
        parts = dict(self.seconds)
        parts["rest"] = max(0.0, total - sum(parts.values()))
        return "  where the time goes: " + ", ".join(
            f"{name} {value:.2f} s ({value / total:.0%})" for name, value in parts.items()
        )


def run(url: str, data_dir: Path, args: argparse.Namespace) -> None:
    """Migrate the database at ``url``, write the log, time read+decode, the ``cart_current``
    rebuild and the analytics rebuild ``--repeat`` times, and print the figures."""
    os.environ["DATABASE_URL"] = url
    os.environ["DATA_DIR"] = str(data_dir)

    from services.analytics.projection import AnalyticsProjector
    from services.analytics.read_models import AnalyticsRevenueDaily
    from services.api.bootstrap import migrate
    from services.cart.eventstore import eventstore_env
    from services.cart.projection import CartProjector
    from services.checkout.models import Order
    from services.shared.db import get_engine
    from services.shared.settings import get_settings

    get_settings.cache_clear()
    migrate(url)
    app = CartApplication(eventstore_env(get_settings()))
    engine = get_engine(url)
    try:
        started = time.perf_counter()
        written, orders = generate(app, engine, args.events, args.carts)
        print(
            f"generated {written} events over {args.carts} carts ({orders} orders) "
            f"in {time.perf_counter() - started:.1f} s"
        )
        cart_projector = CartProjector(app, engine, rebuild_batch_size=args.batch_size)
        analytics = AnalyticsProjector(
            app,
            engine,
            rebuild_batch_size=args.batch_size,
            abandoned_after=timedelta(seconds=args.abandoned_after),
            rebuild_workers=args.rebuild_workers,
        )
        phases = Phases(analytics)
        best = {"read": 0.0, "cart": 0.0, "analytics": 0.0}
        ratios: dict[str, list[float]] = {"read": [], "cart": []}  # analytics : each, within one repeat
        read = 0
        for _ in range(args.repeat):
            started = time.perf_counter()
            read = read_log(app, args.batch_size)
            read_s = time.perf_counter() - started
            started = time.perf_counter()
            cart_projector.rebuild()
            cart_s = time.perf_counter() - started
            phases.reset()
            started = time.perf_counter()
            last = analytics.rebuild()
            analytics_s = time.perf_counter() - started
            rates = {"read": read / read_s, "cart": written / cart_s, "analytics": written / analytics_s}
            best = {k: max(best[k], rates[k]) for k in best}
            for baseline in ratios:
                ratios[baseline].append(rates["analytics"] / rates[baseline])
            print(
                f"read+decode {read_s:6.2f} s = {rates['read']:8,.0f} events/s | "
                f"cart_current rebuild {cart_s:6.2f} s = {rates['cart']:8,.0f} events/s | "
                f"analytics rebuild (7) {analytics_s:6.2f} s = {rates['analytics']:8,.0f} events/s "
                f"(last id {last}) | ratios {ratios['read'][-1]:.2f} / {ratios['cart'][-1]:.2f}"
            )
            print(phases.line(analytics_s))
        rows = count_rows(engine)
        with engine.connect() as conn:
            revenue = conn.execute(
                select(func.coalesce(func.sum(AnalyticsRevenueDaily.total), 0))
            ).scalar_one()
            ordered = conn.execute(select(func.coalesce(func.sum(Order.total), 0))).scalar_one()
        print("rows: " + ", ".join(f"{name}={count}" for name, count in rows.items()))
        if read != written or rows["analytics_cart_events"] < written or int(revenue) != int(ordered):
            raise SystemExit(
                f"the log holds {read} of the {written} events written; {rows['analytics_cart_events']} "
                f"cart event rows; revenue {revenue} against orders {ordered}"
            )
        if args.live_batch:
            live(app, engine, cart_projector, analytics, phases, args, first_order=orders + 1)
        if args.profile:
            profile(analytics, args.profile)
        dialect = engine.dialect.name
        verdict = "OK" if best["analytics"] >= TARGET else "BELOW TARGET"
        print(
            f"{dialect}: best analytics rebuild {best['analytics']:,.0f} events/s (target >= {TARGET:,}) {verdict}; "
            f"ratio analytics : read+decode = {statistics.median(ratios['read']):.2f}, "
            f"analytics : cart_current = {statistics.median(ratios['cart']):.2f} "
            f"(medians of {args.repeat} runs, each ratio within one run; best read+decode {best['read']:,.0f}, "
            f"best cart_current {best['cart']:,.0f} events/s)"
        )
    finally:
        app.close()
        engine.dispose()


def live(
    app: CartApplication,
    engine: Engine,
    cart_projector: Any,
    analytics: Any,
    phases: Phases,
    args: argparse.Namespace,
    first_order: int,
) -> None:
    """Following the log as it grows, in the small batches a running shop gives the projectors
    (the subscription's micro-batches): ``--live-events`` new events on new carts, then each
    projector's ``catch_up(--live-batch)``, timed; prints events/s, milliseconds per batch and
    the ratio, and where the analytics projector's time went. Fixed costs per batch (seven
    transactions and tracking rows instead of one) weigh more here than in a rebuild."""
    written, _ = generate(
        app, engine, args.live_events, max(1, args.live_events // 25), seed=11, first_order=first_order
    )
    batches = -(-written // args.live_batch)
    started = time.perf_counter()
    cart_projector.catch_up(args.live_batch)
    cart_s = time.perf_counter() - started
    phases.reset()
    started = time.perf_counter()
    analytics.catch_up(args.live_batch)
    analytics_s = time.perf_counter() - started
    print(
        f"live, {written} new events in batches of {args.live_batch}: "
        f"cart_current {written / cart_s:,.0f} events/s ({cart_s / batches * 1000:.1f} ms a batch) | "
        f"analytics (7) {written / analytics_s:,.0f} events/s ({analytics_s / batches * 1000:.1f} ms a batch) | "
        f"ratio analytics : cart_current = {cart_s / analytics_s:.2f}"
    )
    print(phases.line(analytics_s))


def profile(analytics: Any, path: str) -> None:
    """One more analytics rebuild under cProfile: the 25 functions with the most cumulative
    time, and the stats written to ``path``."""
    profiler = cProfile.Profile()
    started = time.perf_counter()
    profiler.runcall(analytics.rebuild)
    print(f"profiled analytics rebuild: {time.perf_counter() - started:.2f} s (cProfile slows it)")
    profiler.dump_stats(path)
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def main() -> None:
    """Parse arguments; run on a temporary SQLite file, or on a private schema of the
    PostgreSQL database in ``DATABASE_URL`` (dropped afterwards)."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--carts", type=int, default=4_000)
    parser.add_argument("--batch-size", type=int, default=50_000, help="notifications per rebuild batch")
    parser.add_argument(
        "--repeat", type=int, default=3, help="rebuilds of each kind to time (best is reported)"
    )
    parser.add_argument(
        "--abandoned-after",
        type=float,
        default=3600.0,
        help="abandonment threshold in seconds (the shop's default: 60 minutes)",
    )
    parser.add_argument(
        "--live-batch",
        type=int,
        default=50,
        help="then follow --live-events new events in batches of this many, as a running shop does (0: skip)",
    )
    parser.add_argument("--live-events", type=int, default=5_000)
    parser.add_argument(
        "--rebuild-workers",
        type=int,
        default=None,
        help="processes sharing a rebuild (default: the projector's, one per core up to 4); 1 to see "
        "where one process's time goes (the breakdown only sees this process)",
    )
    parser.add_argument("--profile", metavar="FILE", help="profile one more analytics rebuild, stats to FILE")
    args = parser.parse_args()

    base = os.environ.get("DATABASE_URL", "")
    with tempfile.TemporaryDirectory(prefix="analytics-bench-") as folder:  # removed afterwards
        tmp = Path(folder)
        if base.startswith("postgresql"):
            with private_schema(base, "bench_analytics") as url:
                run(url, tmp / "data", args)
        else:
            run(f"sqlite:///{tmp / 'shop.sqlite3'}", tmp / "data", args)


if __name__ == "__main__":
    main()
