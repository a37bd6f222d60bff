"""The analytics projections (``services/analytics/projection.py``) on SQLite and PostgreSQL:
reconciliation with the orders and the carts, a rebuild equal to the incremental rows, exactly
once under a crash mid-batch, each projection rebuilt alone, back-fill of a changed projection
and abandonment decided the same way by the sweep and by a returning cart (docs/analytics.md)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import Engine, func, select, update

from services.analytics import projections as analytics_projections
from services.analytics.projection import AnalyticsProjector, projection_status
from services.analytics.read_models import (
    AnalyticsAbandonedCart,
    AnalyticsCartEvent,
    AnalyticsConfiguratorChoice,
    AnalyticsLineChoice,
    AnalyticsProjectionVersion,
    AnalyticsRevenueDaily,
)
from services.cart.application import CartApplication, CartRefused
from services.cart.domain import Cart, cart_id_for
from services.cart.eventstore import eventstore_env
from services.cart.facts import Price
from services.cart.projection import CartProjector
from services.cart.readmodel import CartCurrent, ProjectionTracking
from services.checkout.models import Order, OrderLine
from services.discounts.domain import CouponFacts
from services.shared.db import get_engine
from services.shared.settings import get_settings
from tests.cart.helpers import FakeCatalog, choice, new_token, simple

PRODUCTS = [1, 2, 4, 26907, 31575]
ADD_PACK = {
    "type": "add",
    "product_id": 2,
    "variation_id": None,
    "configuration": None,
    "recommended_by": None,
}
THRESHOLD = timedelta(microseconds=1)  # every gap is "idle": abandonment and returns everywhere


def put_coupons(catalog: FakeCatalog) -> FakeCatalog:
    """``catalog`` with the coupons :func:`random_command` applies: ``spring`` (10 %) and
    ``old`` (expired); returns it."""
    catalog.put_coupon(CouponFacts(id=1, code="spring", discount_type="percent", amount=1000))
    catalog.put_coupon(
        CouponFacts(
            id=2, code="old", discount_type="fixed_cart", amount=500, date_expires=datetime(2020, 1, 1)
        )
    )
    return catalog


@pytest.fixture
def store_app(db_url: str, catalog: FakeCatalog) -> Iterator[CartApplication]:
    """A cart application whose events live beside the test database (snapshots every 4), with
    the coupons ``spring`` (10 %) and ``old`` (expired)."""
    put_coupons(catalog)
    env = eventstore_env(get_settings(), create_tables=True)
    env["CART_SNAPSHOT_INTERVAL"] = "4"
    app = CartApplication(env, catalog=catalog)
    yield app
    app.close()


@pytest.fixture
def engine(db_url: str) -> Engine:
    """The relational engine holding the read models."""
    return get_engine(db_url)


def projector(app: CartApplication, engine: Engine, **kwargs: Any) -> AnalyticsProjector:
    """An analytics projector with a tiny abandonment threshold (``THRESHOLD``)."""
    kwargs.setdefault("abandoned_after", THRESHOLD)
    return AnalyticsProjector(app, engine, poll_interval=0.01, **kwargs)


_order_numbers = iter(range(700_000_001, 799_999_999))


def place_order(app: CartApplication, engine: Engine, token: str, rng: random.Random) -> None:
    """What checkout does, in short: an ``orders`` row (and its lines) from the cart as it is,
    then ``OrderPlaced`` on the cart."""
    cart = app.get_cart(token)
    totals = cart.totals()
    order_id = next(_order_numbers)
    shipping = rng.choice([0, 490, 990])
    lines = [line for line in cart.lines if line["count"] > 0]
    with engine.begin() as conn:
        conn.execute(
            Order.__table__.insert(),
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
                "idempotency_key": f"k{order_id}",
                "request_hash": "h",
                "date_created": datetime.now(UTC) - timedelta(days=rng.randint(0, 3)),
            },
        )
        if lines:
            conn.execute(
                OrderLine.__table__.insert(),
                [
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
                ],
            )
    app.record_order(token, str(order_id), totals["total"] + shipping, cart.currency)


def random_command(rng: random.Random, cart: Cart | None) -> dict[str, Any]:
    """A random shopper command, refusals included: adds (configured builds too), counts,
    removals, country, coupons (valid, expired, unknown), checkout with and without the
    hand-off of the browser's lines."""
    lines = cart.lines if cart is not None else []
    roll = rng.random()
    if roll < 0.4 or not lines:
        product = rng.choice(PRODUCTS)
        configuration = [rng.choice(["case:alu", "case:alu", "case:wood"])] if product == 26907 else None
        return {
            "type": "add",
            "product_id": product,
            "variation_id": None,
            "configuration": configuration,
            "recommended_by": None,
        }
    if roll < 0.55:
        return {"type": "set_count", "line_id": rng.choice(lines)["line_id"], "count": rng.randint(0, 4)}
    if roll < 0.65:
        return {"type": "remove", "line_id": rng.choice(lines)["line_id"]}
    if roll < 0.7:
        return {"type": "set_country", "country": rng.choice(["DE", "US"])}
    if roll < 0.8:
        return {"type": "apply_coupon", "code": rng.choice(["spring", "SPRING", "old", "nosuch"])}
    if roll < 0.83:
        return {"type": "remove_coupon", "code": "spring"}
    if roll < 0.93:
        handed = [
            {
                "product_id": line["product_id"],
                "variation_id": line.get("variation_id"),
                "configuration": [
                    f"{c['layer_id']}:{c['choice_id']}" for c in line.get("configuration") or []
                ]
                or None,
                "recommended_by": None,
                "count": line["count"] + rng.choice([0, 0, 1, -1]),
            }
            for line in lines
        ]
        return {"type": "start_checkout", "lines": handed}
    if roll < 0.97:
        return {"type": "start_checkout"}
    return {"type": "clear"}


def drive(
    app: CartApplication,
    engine: Engine,
    catalog: FakeCatalog,
    rng: random.Random,
    tokens: list[str],
    count: int,
) -> None:
    """``count`` random commands over ``tokens``; now and then an order placed from a cart that
    started checkout, or a price change of the switch pack (so carts see it at the next hand-off)."""
    for _ in range(count):
        token = rng.choice(tokens)
        try:
            cart = app.get_cart(token)
        except Exception:
            cart = None
        if cart is not None and cart.checkout_started and cart.lines and rng.random() < 0.4:
            place_order(app, engine, token, rng)
            continue
        if rng.random() < 0.02:
            catalog.change(2, eur=Price(rng.choice([1999, 1499, 2499])))
        try:
            app.execute(token, random_command(rng, cart), command_id=f"k{rng.getrandbits(64)}")
        except CartRefused:
            pass


def tables(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every analytics table (state included), sorted, times as naive UTC."""

    def norm(value: Any) -> Any:
        if isinstance(value, datetime):
            return value.astimezone(UTC).replace(tzinfo=None) if value.tzinfo else value
        return value

    out = {}
    with engine.connect() as conn:
        for projection in analytics_projections.all_projections(engine.dialect.name, THRESHOLD):
            for table in projection.tables:
                rows = conn.execute(select(table)).all()
                out[table.name] = sorted((tuple(norm(v) for v in row) for row in rows), key=repr)
    return out


def test_rows_reconcile_with_orders_and_carts_and_a_rebuild_gives_the_same_rows(
    store_app: CartApplication,
    engine: Engine,
    catalog: FakeCatalog,
) -> None:
    rng = random.Random(14)
    tokens = [new_token() for _ in range(12)]
    analytics = projector(store_app, engine, batch_size=7)
    for _ in range(5):  # the incremental run: small batches between commands
        drive(store_app, engine, catalog, rng, tokens, 40)
        analytics.catch_up()
    now = datetime.now(UTC)
    analytics.sweep(now)
    incremental = tables(engine)
    assert incremental["analytics_cart_events"], "the run recorded events"
    assert incremental["analytics_coupon_ledger"] and incremental["analytics_abandoned_carts"]

    # Revenue equals the orders table to the cent, by day, country and currency.
    with engine.connect() as conn:
        revenue = {
            (row.day, row.country, row.currency): (
                row.orders,
                row.subtotal,
                row.discount,
                row.shipping,
                row.tax,
                row.total,
            )
            for row in conn.execute(select(AnalyticsRevenueDaily.__table__))
        }
        orders: dict[Any, list[int]] = {}
        for order in conn.execute(select(Order.__table__)).mappings():
            key = (order["date_created"].date(), order["country"], order["currency"])
            sums = orders.setdefault(key, [0, 0, 0, 0, 0, 0])
            for i, value in enumerate(
                (1, order["subtotal"], order["discount"], order["shipping"], order["tax"], order["total"])
            ):
                sums[i] += value
    assert orders, "orders were placed"
    assert revenue == {key: tuple(value) for key, value in orders.items()}

    # The quantity deltas of each cart add up to its count in cart_current.
    CartProjector(store_app, engine).catch_up()
    with engine.connect() as conn:
        deltas = dict(
            conn.execute(
                select(AnalyticsCartEvent.cart_id, func.sum(AnalyticsCartEvent.quantity_delta)).group_by(
                    AnalyticsCartEvent.cart_id
                )
            ).all()
        )
        counts = dict(conn.execute(select(CartCurrent.cart_id, CartCurrent.item_count)).all())
    assert deltas == counts

    # A rebuild from scratch gives exactly the rows of the incremental run.
    rebuilt_to = projector(store_app, engine, rebuild_batch_size=1000).rebuild()
    assert rebuilt_to == store_app.recorder.max_notification_id()
    assert tables(engine) == incremental


def test_a_crash_mid_batch_loses_and_doubles_nothing(
    store_app: CartApplication,
    engine: Engine,
    catalog: FakeCatalog,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(7)
    tokens = [new_token() for _ in range(6)]
    drive(store_app, engine, catalog, rng, tokens, 120)
    crashing = projector(store_app, engine, batch_size=25)
    funnel = next(p for p in crashing.projections if p.name == "analytics_funnel_daily")
    real_apply = funnel.apply
    calls = {"n": 0}

    def crash_on_third(conn: Any, facts: Any) -> None:
        calls["n"] += 1
        real_apply(conn, facts)  # the rows are written...
        if calls["n"] == 3:
            raise RuntimeError("killed mid-batch")  # ...and the transaction never commits

    monkeypatch.setattr(funnel, "apply", crash_on_third)
    with pytest.raises(RuntimeError):
        crashing.catch_up()
    positions = crashing.positions()
    assert len(set(positions.values())) == 1  # the batch was rolled back for all of them
    assert 0 < positions["analytics_funnel_daily"] < store_app.recorder.max_notification_id()

    restarted = projector(store_app, engine, batch_size=25)  # a new process: positions from the database
    assert restarted.positions() == positions
    restarted.catch_up()
    restarted.sweep(datetime.now(UTC))
    after_crash = tables(engine)
    projector(store_app, engine).rebuild()
    assert after_crash == tables(engine)


@pytest.mark.usefixtures("one_cluster_at_a_time")
def test_killing_the_projector_process_loses_and_doubles_nothing(
    store_app: CartApplication, engine: Engine, catalog: FakeCatalog
) -> None:
    """``shop project`` (all projectors of the cart log in one process) is killed with SIGKILL
    once some analytics read model has committed a batch; a new projector then catches up and
    the rows equal a rebuild from scratch, wherever the kill landed."""
    rng = random.Random(11)
    drive(store_app, engine, catalog, rng, [new_token() for _ in range(40)], 1500)
    head = store_app.recorder.max_notification_id()
    names = [p.name for p in analytics_projections.all_projections(engine.dialect.name, THRESHOLD)]
    env = {**os.environ, "ANALYTICS_ABANDONED_AFTER_MINUTES": "1", "GC_FREEZE": "0"}
    process = subprocess.Popen(
        [sys.executable, "-m", "services.api.cli", "project"], env=env, stdout=subprocess.DEVNULL
    )
    tracking = ProjectionTracking.__table__
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            with engine.connect() as conn:
                moved = conn.execute(
                    select(func.max(tracking.c.notification_id)).where(tracking.c.projection_name.in_(names))
                ).scalar()
            if moved:
                break
            assert process.poll() is None, "the projector process ended by itself"
            time.sleep(0.005)
        else:
            pytest.fail("the projector process committed nothing in two minutes")
    finally:
        process.kill()
        process.wait()
    with engine.connect() as conn:
        positions = dict(
            conn.execute(
                select(tracking.c.projection_name, tracking.c.notification_id).where(
                    tracking.c.projection_name.in_(names)
                )
            ).all()
        )
    assert all(0 <= positions.get(name, 0) <= head for name in names)
    minute = timedelta(minutes=1)  # the process's threshold (ANALYTICS_ABANDONED_AFTER_MINUTES)
    restarted = projector(store_app, engine, abandoned_after=minute)
    restarted.catch_up()
    now = datetime.now(UTC)
    restarted.sweep(now)
    after_kill = tables(engine)
    rebuilt = projector(store_app, engine, abandoned_after=minute)
    rebuilt.rebuild()
    rebuilt.sweep(now)
    assert tables(engine) == after_kill


@pytest.mark.usefixtures("one_cluster_at_a_time")  # spawns rebuild workers, each with its pools
def test_a_rebuild_shared_by_worker_processes_gives_the_rows_of_one_process(
    store_app: CartApplication, engine: Engine, catalog: FakeCatalog
) -> None:
    """Two spawned workers, each folding half of the carts (small batches, so commands and
    carts straddle batch ends), commit exactly the rows a single process does."""
    rng = random.Random(5)
    drive(store_app, engine, catalog, rng, [new_token() for _ in range(10)], 150)
    now = datetime.now(UTC)
    single = projector(store_app, engine, rebuild_workers=1)
    single.rebuild()
    single.sweep(now)
    expected = tables(engine)
    shared = projector(store_app, engine, rebuild_workers=2, parallel_min=1, rebuild_batch_size=37)
    progress: list[tuple[int, int]] = []
    head = shared.rebuild(progress=lambda done, total: progress.append((done, total)))
    shared.sweep(now)
    assert head == store_app.recorder.max_notification_id()
    assert shared.positions() == dict.fromkeys(shared.names, head)
    assert progress and progress[-1][1] == head
    assert tables(engine) == expected
    with engine.connect() as conn:
        versions = set(conn.execute(select(AnalyticsProjectionVersion.version)).scalars())
    assert versions == {1}


@pytest.mark.usefixtures("one_cluster_at_a_time")  # spawns rebuild workers, each with its pools
def test_events_recorded_during_a_shared_rebuild_are_counted_once(
    store_app: CartApplication, engine: Engine, catalog: FakeCatalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The workers stop at the log's head as the rebuild found it; what the shop records while
    they run is applied afterwards by the projector itself, once."""
    rng = random.Random(21)
    tokens = [new_token() for _ in range(8)]
    drive(store_app, engine, catalog, rng, tokens, 100)
    shared = projector(store_app, engine, rebuild_workers=2, parallel_min=1, rebuild_batch_size=29)
    started = shared._rebuild_in_parallel  # noqa: SLF001 - the moment the workers start

    def shop_keeps_going(*args: Any) -> None:
        drive(store_app, engine, catalog, rng, tokens, 60)
        started(*args)

    monkeypatch.setattr(shared, "_rebuild_in_parallel", shop_keeps_going)
    head = shared.rebuild()
    assert head == store_app.recorder.max_notification_id()
    now = datetime.now(UTC)
    shared.sweep(now)
    after_rebuild = tables(engine)
    single = projector(store_app, engine, rebuild_workers=1)
    single.rebuild()
    single.sweep(now)
    assert tables(engine) == after_rebuild


def test_a_failed_rebuild_worker_leaves_the_projections_to_be_back_filled(
    store_app: CartApplication, engine: Engine, catalog: FakeCatalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker that cannot reach the database fails the rebuild; the projections it was
    filling are marked incomplete, so the next projector empties and back-fills them instead of
    counting anything twice."""
    drive(store_app, engine, catalog, random.Random(9), [new_token() for _ in range(4)], 40)
    expected_head = projector(store_app, engine, rebuild_workers=1).rebuild()
    expected = tables(engine)
    database = os.environ["DATABASE_URL"]
    monkeypatch.setenv(
        "DATABASE_URL", "sqlite:////proc/no-such-folder/shop.sqlite3"
    )  # only the workers read it
    broken = projector(store_app, engine, rebuild_workers=2, parallel_min=1)
    with pytest.raises(RuntimeError, match="rebuild worker failed"):
        broken.rebuild()
    monkeypatch.setenv("DATABASE_URL", database)
    with engine.connect() as conn:
        versions = set(conn.execute(select(AnalyticsProjectionVersion.version)).scalars())
    assert versions == {-1}
    again = projector(store_app, engine, rebuild_workers=1)
    assert set(again.positions().values()) == {0}
    assert again.catch_up() == expected_head
    again.sweep(datetime.now(UTC))
    assert tables(engine) == expected


def test_one_projection_is_rebuilt_alone_and_a_changed_one_is_back_filled(
    store_app: CartApplication,
    engine: Engine,
    catalog: FakeCatalog,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(3)
    tokens = [new_token() for _ in range(5)]
    drive(store_app, engine, catalog, rng, tokens, 80)
    first = projector(store_app, engine)
    head = first.catch_up()
    first.sweep(datetime.now(UTC))
    before = tables(engine)

    progress: list[tuple[int, int]] = []
    first.rebuild("analytics_product_daily", progress=lambda done, total: progress.append((done, total)))
    assert progress and progress[-1] == (head, head)
    assert tables(engine) == before
    with pytest.raises(KeyError):
        first.rebuild("nosuch")

    # A new version of the revenue projection: emptied at start-up, then back-filled.
    with engine.begin() as conn:
        conn.execute(update(AnalyticsRevenueDaily.__table__).values(total=0))
    monkeypatch.setattr(analytics_projections.Revenue, "version", 2)
    changed = projector(store_app, engine)
    assert changed.positions()["analytics_revenue_daily"] == 0
    assert changed.positions()["analytics_cart_events"] == head
    changed.catch_up()
    assert tables(engine) == before
    with engine.connect() as conn:
        versions = dict(
            conn.execute(select(AnalyticsProjectionVersion.name, AnalyticsProjectionVersion.version)).all()
        )
    assert versions["analytics_revenue_daily"] == 2 and versions["analytics_funnel_daily"] == 1


def test_abandonment_is_the_same_whether_swept_or_seen_on_return(
    store_app: CartApplication,
    engine: Engine,
) -> None:
    token = new_token()
    store_app.execute(token, ADD_PACK, command_id="a1")
    long = timedelta(hours=1)
    swept = projector(store_app, engine, abandoned_after=long)
    swept.catch_up()
    cart = store_app.get_cart(token)
    assert swept.sweep(cart.modified_on + long - timedelta(seconds=1)) == 0  # not idle long enough
    assert swept.sweep(cart.modified_on + long) == 1
    assert swept.sweep(cart.modified_on + long) == 0  # recorded once per idle period
    with engine.connect() as conn:
        row = conn.execute(select(AnalyticsAbandonedCart.__table__)).mappings().one()
    assert row["cart_id"] == str(cart_id_for(token))
    assert (row["item_count"], row["value"], row["last_step"], row["currency"]) == (1, 1999, "cart", "EUR")
    assert row["returned_at"] is None and not row["ordered_after"]


def test_projection_status_reports_position_and_lag(store_app: CartApplication, engine: Engine) -> None:
    token = new_token()
    store_app.execute(token, ADD_PACK, command_id="a1")
    analytics = projector(store_app, engine)
    head = store_app.recorder.max_notification_id()
    later = datetime.now(UTC) + timedelta(seconds=5)
    behind = {s.name: s for s in projection_status(engine, store_app, now=later)}
    assert behind["analytics_funnel_daily"].position == 0
    assert behind["analytics_funnel_daily"].lag_events == head
    assert behind["analytics_funnel_daily"].lag_seconds >= 5
    analytics.catch_up()
    caught_up = {s.name: s for s in projection_status(engine, store_app, now=later)}
    assert set(analytics.names) <= set(caught_up)
    assert all(
        caught_up[name].lag_events == 0 and caught_up[name].lag_seconds == 0.0 for name in analytics.names
    )


def test_the_event_rows_name_every_column_of_their_table() -> None:
    """``CartEvents`` writes positional rows (COPY / executemany): its column list is the table's."""
    table = AnalyticsCartEvent.__table__
    assert sorted(analytics_projections.CartEvents.COLUMNS) == sorted(c.name for c in table.columns)


def test_every_choice_of_a_multiple_choice_layer_is_kept(
    store_app: CartApplication, engine: Engine, catalog: FakeCatalog
) -> None:
    """A configured line with two choices in one (multiple-choice) layer has a row for each in
    ``analytics_line_choices`` and counts both in ``analytics_configurator_choices``."""
    keys = {"caps:red": choice("caps", "red", 100, 110), "caps:blue": choice("caps", "blue", 200, 220)}
    catalog.put(simple(77, 5000, 5500, name="Keycap Kit", choices=keys))
    build = {
        "type": "add",
        "product_id": 77,
        "variation_id": None,
        "configuration": ["caps:red", "caps:blue"],
    }
    store_app.execute(new_token(), {**build, "recommended_by": None}, command_id="b1")
    projector(store_app, engine).catch_up()
    with engine.connect() as conn:
        chosen = conn.execute(select(AnalyticsLineChoice.layer_id, AnalyticsLineChoice.choice_id)).all()
        counted = dict(
            conn.execute(
                select(AnalyticsConfiguratorChoice.choice_id, AnalyticsConfiguratorChoice.selected)
            ).all()
        )
        price = conn.execute(
            select(AnalyticsCartEvent.unit_price).where(AnalyticsCartEvent.event_type == "ItemAdded")
        ).scalar_one()
    assert sorted(chosen) == [("caps", "blue"), ("caps", "red")]
    assert counted == {"red": 1, "blue": 1}
    assert price == 5000 + 100 + 200  # the unit price as shown: the product and both extras (EUR)
