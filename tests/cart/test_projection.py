"""The ``cart_current`` read model (services/cart/projection.py) on SQLite and PostgreSQL.

Carts are built with a ``CartApplication`` over the test database's event store and the fake
catalogue of ``tests/cart/conftest.py``. The view must equal what ``cart_state`` says after
random command sequences, each event must be applied exactly once (twice catching up, a
crash between batches, two projectors racing), a rebuild must equal the incremental view, and
both ways of following the log are exercised: the pull path on every database, the notification
path (LISTEN, then one read per window) on PostgreSQL (the background thread picks it by the event
store).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from eventsourcing.projection import ApplicationSubscription
from sqlalchemy import Engine, select, update
from typer.testing import CliRunner

from services.cart import rules
from services.cart.application import CartApplication, CartRefused
from services.cart.domain import Cart, cart_id_for
from services.cart.eventstore import eventstore_env
from services.cart.projection import CartProjector, CartViewWriter, ProjectionConflict, cart_row
from services.cart.readmodel import CartCurrent, ProjectionTracking
from services.shared.db import get_engine
from services.shared.settings import get_settings
from tests.cart.helpers import FakeCatalog, new_token

PRODUCTS = (1, 2, 4, 26907, 31575)


@pytest.fixture
def store_app(db_url: str, catalog: FakeCatalog) -> Iterator[CartApplication]:
    """A cart application whose events live beside the test database (snapshots every 4)."""
    env = eventstore_env(get_settings(), create_tables=True)
    env["CART_SNAPSHOT_INTERVAL"] = "4"
    app = CartApplication(env, catalog=catalog)
    yield app
    app.close()


@pytest.fixture
def engine(db_url: str) -> Engine:
    """The relational engine holding ``cart_current``."""
    return get_engine(db_url)


@pytest.fixture(autouse=True)
def no_projector_threads_left() -> Iterator[None]:
    """Every test stops the threads it started."""
    yield
    left = [t.name for t in threading.enumerate() if t.name.startswith("cart-projection")]
    assert left == []


def random_command(rng: random.Random, cart: Cart | None) -> dict[str, Any]:
    """A random cart command; some are refused (coming soon, unknown line, out-of-stock choice)."""
    lines = cart.lines if cart is not None else []
    roll = rng.random()
    if roll < 0.45 or not lines:
        product = rng.choice(PRODUCTS)
        configuration = None
        if product == 26907:
            configuration = [rng.choice(["case:alu", "case:alu", "case:wood"])]
        return {
            "type": "add",
            "product_id": product,
            "variation_id": None,
            "configuration": configuration,
            "recommended_by": None,
        }
    if roll < 0.65:
        line_id = rng.choice(lines)["line_id"] if rng.random() < 0.9 else "L99"
        return {"type": "set_count", "line_id": line_id, "count": rng.randint(0, 10)}
    if roll < 0.75:
        return {"type": "remove", "line_id": rng.choice(lines)["line_id"]}
    if roll < 0.85:
        return {"type": "set_country", "country": rng.choice(["DE", "US", "XX"])}
    if roll < 0.9:
        return {"type": "set_payment_intent", "intent": f"pi_{rng.randint(1, 99)}"}
    if roll < 0.96:
        return {"type": "start_checkout"}
    return {"type": "clear"}


def run_commands(app: CartApplication, rng: random.Random, tokens: list[str], count: int) -> None:
    """``count`` random commands over ``tokens`` (refusals are expected and recorded), now and
    then an order placed from a cart (``record_order``)."""
    for _ in range(count):
        token = rng.choice(tokens)
        try:
            cart = app.get_cart(token)
        except Exception:
            cart = None
        if cart is not None and cart.lines and rng.random() < 0.05:
            app.record_order(
                token, str(rng.randint(100_000_000, 999_999_999)), cart.totals()["total"], cart.currency
            )
            continue
        try:
            app.execute(token, random_command(rng, cart), command_id=f"k{rng.getrandbits(64)}")
        except CartRefused:
            pass


def _utc(value: datetime) -> datetime:
    return value.astimezone(UTC).replace(tzinfo=None) if value.tzinfo else value


def view(engine: Engine) -> dict[str, dict[str, Any]]:
    """Every ``cart_current`` row by cart id (datetimes as naive UTC)."""
    with engine.connect() as conn:
        rows = conn.execute(select(CartCurrent.__table__)).mappings().all()
    out = {}
    for row in rows:
        data = dict(row)
        data["started_at"] = _utc(data["started_at"])
        data["last_activity"] = _utc(data["last_activity"])
        data["preorder"] = bool(data["preorder"])
        data["checkout_started"] = bool(data["checkout_started"])
        out[data["cart_id"]] = data
    return out


def expected_row(app: CartApplication, token: str) -> dict[str, Any]:
    """The row the view should hold for ``token``'s cart, from ``cart_state`` and its events."""
    cart = app.get_cart(token)
    state = app.state(token)
    events = list(app.events.get(cart.id))
    return {
        "cart_id": state["cart_id"],
        "version": state["version"],
        "country": state["country"]["code"],
        "currency": state["currency"],
        "line_count": len(state["lines"]),
        "item_count": state["totals"]["item_count"],
        "subtotal_eur": rules.totals(cart.lines, "EUR", cart.tax_rate_bp)["subtotal"],
        "subtotal_usd": rules.totals(cart.lines, "USD", cart.tax_rate_bp)["subtotal"],
        "total": state["totals"]["total"],
        "tax_included": state["totals"]["tax_included"],
        "discount": state["totals"]["discount"],
        "last_order_id": state["orders"][-1] if state["orders"] else None,
        "preorder": state["totals"]["preorder"],
        "checkout_started": state["checkout_started"],
        "lines": [
            {k: line[k] for k in ("line_id", "product_id", "variation_id", "sku", "count")}
            for line in state["lines"]
        ],
        "started_at": _utc(events[0].timestamp),
        "last_activity": _utc(events[-1].timestamp),
        "refused_count": sum(1 for e in events if isinstance(e, Cart.CommandRefused)),
    }


def assert_view_matches(app: CartApplication, engine: Engine, tokens: list[str]) -> None:
    """The view holds exactly the started carts among ``tokens``, each equal to its aggregate."""
    rows = view(engine)
    started = [t for t in tokens if list(app.events.get(cart_id_for(t), limit=1))]
    assert set(rows) == {str(cart_id_for(t)) for t in started}
    for token in started:
        assert rows[str(cart_id_for(token))] == expected_row(app, token)


def tracked(engine: Engine) -> int:
    """The notification id recorded in ``projection_tracking``."""
    with engine.connect() as conn:
        return conn.execute(select(ProjectionTracking.notification_id)).scalar_one()


# ---- the view equals the aggregate --------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_view_matches_cart_state_after_random_commands(
    store_app: CartApplication, engine: Engine, seed: int
) -> None:
    rng = random.Random(seed)
    tokens = [new_token() for _ in range(6)]
    run_commands(store_app, rng, tokens, 120)
    projector = CartProjector(store_app, engine, batch_size=17)
    last = projector.catch_up()
    assert last == store_app.recorder.max_notification_id() == tracked(engine)
    assert_view_matches(store_app, engine, tokens)
    assert any(row["refused_count"] for row in view(engine).values())
    assert any(row["last_order_id"] for row in view(engine).values())  # orders were placed


def test_rows_carry_both_currencies_and_reset_on_clear(store_app: CartApplication, engine: Engine) -> None:
    token = new_token()
    store_app.execute(token, {"type": "add", "product_id": 2, "variation_id": None, "configuration": None})
    store_app.execute(token, {"type": "set_count", "line_id": "L1", "count": 3})
    store_app.execute(token, {"type": "set_country", "country": "US"})
    CartProjector(store_app, engine).catch_up()
    row = view(engine)[str(cart_id_for(token))]
    assert (row["currency"], row["subtotal_eur"], row["subtotal_usd"], row["total"]) == (
        "USD",
        5997,
        6597,
        6597,
    )
    assert row["lines"] == [
        {"line_id": "L1", "product_id": 2, "variation_id": None, "sku": "SKU-2", "count": 3}
    ]
    store_app.execute(token, {"type": "clear"})
    CartProjector(store_app, engine).catch_up()
    row = view(engine)[str(cart_id_for(token))]
    assert (row["line_count"], row["item_count"], row["total"], row["version"]) == (0, 0, 0, 5)


# ---- exactly once ---------------------------------------------------------------------------------


def test_catching_up_again_changes_nothing(store_app: CartApplication, engine: Engine) -> None:
    rng = random.Random(11)
    tokens = [new_token() for _ in range(4)]
    run_commands(store_app, rng, tokens, 60)
    projector = CartProjector(store_app, engine, batch_size=9)
    first = projector.catch_up()
    before = view(engine)
    assert projector.catch_up() == first
    assert CartProjector(store_app, engine).catch_up() == first  # a fresh process, empty cache
    assert view(engine) == before
    # events delivered twice (a subscription re-yielding after a restart) are skipped
    notes = store_app.recorder.select_notifications(start=1, limit=50)
    projector.process([(n.id, store_app.mapper.to_domain_event(n)) for n in notes])
    assert view(engine) == before
    assert_view_matches(store_app, engine, tokens)


class CrashingWriter(CartViewWriter):
    """Raises inside the transaction of batch ``crash_at`` (after its rows were sent)."""

    def __init__(self, *args: Any, crash_at: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.crash_at = crash_at
        self.batches = 0

    def write_rows(self, conn: Any, rows: Any) -> None:
        super().write_rows(conn, rows)
        self.batches += 1
        if self.batches == self.crash_at:
            raise RuntimeError("power cut")


@pytest.mark.parametrize("crash_at", [1, 3, 6])
def test_crash_between_batches_then_restart_equals_a_clean_rebuild(
    store_app: CartApplication, engine: Engine, crash_at: int
) -> None:
    rng = random.Random(crash_at)
    tokens = [new_token() for _ in range(5)]
    run_commands(store_app, rng, tokens, 80)
    writer = CrashingWriter(engine, store_app.name, crash_at=crash_at)
    crashing = CartProjector(store_app, engine, batch_size=10, writer=writer)
    with pytest.raises(RuntimeError, match="power cut"):
        crashing.catch_up()
    notes = store_app.recorder.select_notifications(start=1, limit=10 * (crash_at - 1) or 1)
    assert tracked(engine) == (notes[-1].id if crash_at > 1 else 0)  # the crashed batch left nothing
    run_commands(store_app, rng, tokens, 20)  # the shop goes on meanwhile
    restarted = CartProjector(store_app, engine, batch_size=10)
    restarted.catch_up()
    incremental = view(engine)
    assert_view_matches(store_app, engine, tokens)
    restarted.rebuild()
    assert view(engine) == incremental


def test_rebuild_equals_incremental(store_app: CartApplication, engine: Engine) -> None:
    rng = random.Random(5)
    tokens = [new_token() for _ in range(5)]
    projector = CartProjector(store_app, engine, batch_size=4, cache_size=2)  # cache misses too
    for _ in range(6):
        run_commands(store_app, rng, tokens, 15)
        projector.catch_up()
    incremental = view(engine)
    assert_view_matches(store_app, engine, tokens)
    assert projector.rebuild() == store_app.recorder.max_notification_id()
    assert view(engine) == incremental
    assert CartProjector(store_app, engine, rebuild_batch_size=3).rebuild() == tracked(engine)
    assert view(engine) == incremental


def test_two_projectors_racing_apply_each_event_once(store_app: CartApplication, engine: Engine) -> None:
    rng = random.Random(8)
    tokens = [new_token() for _ in range(4)]
    run_commands(store_app, rng, tokens, 100)
    projectors = [CartProjector(store_app, engine, batch_size=3) for _ in range(2)]
    errors: list[BaseException] = []

    def run(p: CartProjector) -> None:
        try:
            p.catch_up()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(p,)) for p in projectors]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert tracked(engine) == store_app.recorder.max_notification_id()
    assert_view_matches(store_app, engine, tokens)


def test_a_moved_tracking_row_is_a_conflict(store_app: CartApplication, engine: Engine) -> None:
    store_app.start(new_token())
    projector = CartProjector(store_app, engine)
    with engine.begin() as conn:
        conn.execute(update(ProjectionTracking).values(notification_id=0))
    writer = CartViewWriter(engine, store_app.name)
    with pytest.raises(ProjectionConflict):
        writer.commit(5, 6, [])
    assert projector.catch_up() == 1


# ---- following the log ----------------------------------------------------------------------------


def test_sqlite_cannot_subscribe_postgresql_can(store_app: CartApplication, engine: Engine) -> None:
    """Why there are two paths: notifications (and the library's own subscription built on them)
    exist on PostgreSQL only."""
    store_app.start(new_token())
    projector = CartProjector(store_app, engine)
    if engine.dialect.name == "postgresql":
        assert projector.uses_notifications
        with ApplicationSubscription(store_app, gt=0) as subscription:
            event, tracking = next(subscription)
        assert (tracking.notification_id, type(event).__name__) == (1, "Started")
    else:
        assert not projector.uses_notifications
        with pytest.raises(NotImplementedError):
            ApplicationSubscription(store_app, gt=0)


def test_background_projector_gives_read_your_writes(store_app: CartApplication, engine: Engine) -> None:
    """The thread follows the subscription on PostgreSQL and pulls on SQLite."""
    rng = random.Random(21)
    tokens = [new_token() for _ in range(4)]
    run_commands(store_app, rng, tokens, 20)
    with CartProjector(store_app, engine, batch_size=5, poll_interval=0.01) as projector:
        projector.wait(store_app.recorder.max_notification_id(), timeout=60)
        assert_view_matches(store_app, engine, tokens)
        for _ in range(5):
            run_commands(store_app, rng, tokens, 7)
            projector.wait(store_app.recorder.max_notification_id(), timeout=60)
            assert_view_matches(store_app, engine, tokens)
    assert projector.position == store_app.recorder.max_notification_id()


def test_subscription_path_micro_batches(store_app: CartApplication, engine: Engine) -> None:
    """``follow_subscription`` directly (PostgreSQL), or the pull loop (SQLite), in a thread."""
    tokens = [new_token() for _ in range(3)]
    run_commands(store_app, random.Random(3), tokens, 30)
    projector = CartProjector(store_app, engine, batch_size=4)
    stop = threading.Event()
    target = projector.follow_subscription if projector.uses_notifications else projector.run_forever
    thread = threading.Thread(target=target, args=(stop,), name="cart-projection-test")
    thread.start()
    try:
        projector.wait(store_app.recorder.max_notification_id(), timeout=60)
        run_commands(store_app, random.Random(4), tokens, 10)
        projector.wait(store_app.recorder.max_notification_id(), timeout=60)
    finally:
        stop.set()
        thread.join(60)
    assert not thread.is_alive()
    assert_view_matches(store_app, engine, tokens)


def test_wait_times_out_and_sees_other_processes(store_app: CartApplication, engine: Engine) -> None:
    store_app.start(new_token())
    waiting = CartProjector(store_app, engine)
    with pytest.raises(TimeoutError):
        waiting.wait(1, timeout=0.1)
    CartProjector(store_app, engine).catch_up()  # "another process"
    waiting.wait(1, timeout=60)


def test_cart_row_of_a_fresh_cart(store_app: CartApplication) -> None:
    token = new_token()
    store_app.start(token, "DE")
    row = cart_row(store_app.get_cart(token))
    assert row["version"] == 1 and row["lines"] == [] and row["total"] == 0 and not row["preorder"]


# ---- wiring: the API's lifespan and the CLI ------------------------------------------------------


@pytest.fixture
def configured_app(db_url: str) -> Iterator[None]:
    """``get_cart_app()`` built fresh for the test database, closed afterwards."""
    from services.cart.deps import get_cart_app

    get_cart_app.cache_clear()
    yield
    get_cart_app().close()
    get_cart_app.cache_clear()


def test_api_lifespan_runs_the_projector_and_stops_it(
    configured_app: None, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fastapi.testclient import TestClient

    from services.api.app import create_app
    from services.cart.deps import get_cart_app

    monkeypatch.setenv("PROJECTION_POLL_INTERVAL", "0.01")
    get_settings.cache_clear()
    app = create_app()
    with TestClient(app) as client:
        started = client.post("/api/cart", json={})  # default country (this database has no country table)
        assert started.status_code == 201
        token = started.json()["token"]
        refused = client.post(
            "/api/cart/commands",
            json={"type": "set_country", "country": "XX"},
            headers={"X-Cart-Token": token},
        )
        assert refused.status_code == 422
        projector = app.state.cart_projector
        projector.wait(get_cart_app().recorder.max_notification_id(), timeout=60)
        row = view(engine)[str(cart_id_for(token))]
        assert (row["version"], row["refused_count"]) == (2, 1)
    assert app.state.cart_projector is None


def test_api_without_projections(configured_app: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from fastapi.testclient import TestClient

    from services.api.app import create_app

    monkeypatch.setenv("RUN_PROJECTIONS", "false")
    get_settings.cache_clear()
    app = create_app()
    with TestClient(app):
        assert app.state.cart_projector is None


def test_cli_rebuild_projections(configured_app: None, engine: Engine) -> None:
    from services.api.cli import app as cli
    from services.cart.deps import get_cart_app

    token = new_token()
    get_cart_app().start(token)
    result = CliRunner().invoke(cli, ["rebuild-projections"])
    assert result.exit_code == 0, result.output
    assert "rebuilt up to notification 1" in result.output
    assert str(cart_id_for(token)) in view(engine)


class _Stop:
    """A stop flag for ``wait_for_news`` on the test's own clock: ``wait(t)`` records ``t``
    and answers whether the stop came during it (``stop_during_wait``); ``is_set`` turns True
    after ``set_after`` checks."""

    def __init__(self, set_after: int = 10**9, stop_during_wait: bool = False) -> None:
        self.checks = 0
        self.set_after = set_after
        self.stop_during_wait = stop_during_wait
        self.waited: list[float] = []

    def is_set(self) -> bool:
        self.checks += 1
        return self.checks > self.set_after

    def wait(self, timeout: float) -> bool:
        self.waited.append(timeout)
        return self.stop_during_wait


def _scripted(answers: list[bool]) -> tuple[Any, list[float]]:
    """``notified(timeout)`` answering ``answers`` in turn (then False), and the timeouts asked."""
    asked: list[float] = []

    def notified(timeout: float) -> bool:
        asked.append(timeout)
        return answers.pop(0) if answers else False

    return notified, asked


def test_news_waits_for_a_notification_then_the_window_then_takes_the_rest() -> None:
    """``wait_for_news``: no database and no real waiting, so nothing depends on the machine."""
    from services.cart.projection import wait_for_news

    notified, asked = _scripted([False, False, True])
    stop = _Stop()
    assert wait_for_news(notified, 0.05, stop, poll=0.1)  # type: ignore[arg-type]
    assert asked == [0.1, 0.1, 0.1, 0]  # polled until told, then took what came in the window
    assert stop.waited == [0.05]

    notified, asked = _scripted([True])
    stop = _Stop()
    assert wait_for_news(notified, 0.0, stop)  # type: ignore[arg-type]
    assert asked == [0.1, 0] and stop.waited == []  # no window: read at once


def test_news_gives_up_when_stopped_before_or_during_the_window() -> None:
    from services.cart.projection import wait_for_news

    notified, asked = _scripted([])
    assert not wait_for_news(notified, 0.05, _Stop(set_after=3))  # type: ignore[arg-type]
    assert asked == [0.1, 0.1, 0.1]
    notified, asked = _scripted([True])
    assert not wait_for_news(notified, 0.05, _Stop(stop_during_wait=True))  # type: ignore[arg-type]
    assert asked == [0.1]


def test_a_burst_recorded_while_the_projector_is_busy_is_one_read_and_one_batch(
    store_app: CartApplication, engine: Engine
) -> None:
    """On PostgreSQL, the projector reads the log once per wake-up, not once per insert: twenty
    commands committed while it cannot apply anything (the test holds its lock) are applied in
    one batch from one read. (SQLite has no notifications: the pull loop reads every
    ``poll_interval``, the same way.)"""
    tokens = [new_token() for _ in range(2)]
    run_commands(store_app, random.Random(5), tokens, 4)
    projector = CartProjector(store_app, engine, batch_window=0.01, poll_interval=0.01)
    batches: list[int] = []
    reads: list[int] = []
    apply, select_notifications = projector.process, store_app.recorder.select_notifications

    def counted_process(items: Any) -> int:
        batches.append(len(items))
        return apply(items)

    def counted_select(*args: Any, **kwargs: Any) -> Any:
        found = select_notifications(*args, **kwargs)
        reads.append(len(found))
        return found

    projector.process = counted_process  # type: ignore[method-assign]
    store_app.recorder.select_notifications = counted_select  # type: ignore[method-assign]
    with projector:
        projector.wait(store_app.recorder.max_notification_id(), timeout=60)
        batches.clear()
        reads.clear()
        with projector._lock:  # the projector's next read waits for this
            before = store_app.recorder.max_notification_id()
            run_commands(store_app, random.Random(6), tokens, 20)
            burst = store_app.recorder.max_notification_id() - before
        projector.wait(store_app.recorder.max_notification_id(), timeout=60)
    assert burst > 0
    assert batches == [burst]  # one transaction for the whole burst
    assert [n for n in reads if n] == [burst]  # read once; later wake-ups find nothing new
    assert_view_matches(store_app, engine, tokens)


def test_build_projector_takes_the_batch_window_from_the_settings(
    configured_app: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from services.cart.projection import build_projector
    from services.shared.settings import get_settings

    monkeypatch.setenv("PROJECTION_BATCH_WINDOW", "0.2")
    get_settings.cache_clear()
    assert build_projector().batch_window == 0.2
