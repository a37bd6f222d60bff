"""The support index (``services/support/projection.py``) on SQLite and PostgreSQL: one row per
cart equal to the cart aggregate, the search keys of all its events, exactly once under a
crash mid-batch, a rebuild equal to the incremental index, and its own tracking row beside
``cart_current``'s (docs/spec.md section 2.14)."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import Engine, select

from services.cart.application import CartApplication
from services.cart.domain import cart_id_for
from services.cart.eventstore import eventstore_env
from services.cart.projection import CartProjector
from services.cart.readmodel import ProjectionTracking
from services.shared.db import get_engine
from services.shared.settings import get_settings
from services.support.domain import index_keys
from services.support.models import SupportCart, SupportCartKey
from services.support.projection import SupportIndexWriter, support_projector
from services.support.reference import support_reference
from tests.cart.conftest import catalog  # noqa: F401  (the fake catalogue fixture)
from tests.cart.helpers import FakeCatalog, new_token
from tests.cart.test_projection import run_commands


@pytest.fixture
def store_app(db_url: str, catalog: FakeCatalog) -> Iterator[CartApplication]:  # noqa: F811
    """A cart application whose events live beside the test database (snapshots every 4)."""
    env = eventstore_env(get_settings(), create_tables=True)
    env["CART_SNAPSHOT_INTERVAL"] = "4"
    app = CartApplication(env, catalog=catalog)
    yield app
    app.close()


@pytest.fixture
def engine(db_url: str) -> Engine:
    """The relational engine holding the index."""
    return get_engine(db_url)


def _utc(value: datetime) -> datetime:
    return value.astimezone(UTC).replace(tzinfo=None) if value.tzinfo else value


def index(engine: Engine) -> tuple[dict[str, dict[str, Any]], set[tuple[str, str, str]]]:
    """Every ``support_carts`` row by cart id (datetimes naive UTC) and every key row."""
    with engine.connect() as conn:
        rows = conn.execute(select(SupportCart.__table__)).mappings().all()
        keys = conn.execute(select(SupportCartKey.__table__)).all()
    out = {}
    for row in rows:
        data = dict(row)
        data["first_activity"] = _utc(data["first_activity"])
        data["last_activity"] = _utc(data["last_activity"])
        data["checkout_started"] = bool(data["checkout_started"])
        out[data["cart_id"]] = data
    return out, {(k.kind, k.value, k.cart_id) for k in keys}


def expected(
    app: CartApplication, tokens: list[str]
) -> tuple[dict[str, dict[str, Any]], set[tuple[str, str, str]]]:
    """The index the started carts among ``tokens`` should have, from their aggregates and all
    their events."""
    rows, keys = {}, set()
    for token in tokens:
        cart_id = cart_id_for(token)
        events = list(app.events.get(cart_id))
        if not events:
            continue
        cart = app.get_cart(token)
        state = app.state(token)
        rows[str(cart_id)] = {
            "cart_id": str(cart_id),
            "reference": support_reference(cart_id),
            "version": state["version"],
            "country": state["country"]["code"],
            "currency": state["currency"],
            "line_count": len(state["lines"]),
            "item_count": state["totals"]["item_count"],
            "total": state["totals"]["total"],
            "checkout_started": state["checkout_started"],
            "order_numbers": [str(o) for o in state["orders"]],
            "first_activity": _utc(events[0].timestamp),
            "last_activity": _utc(events[-1].timestamp),
        }
        assert cart.version == state["version"]
        keys |= {(kind, value, str(cart_id)) for kind, value in index_keys(events)}
    return rows, keys


def tracking(engine: Engine) -> dict[str, int]:
    with engine.connect() as conn:
        return {
            r.projection_name: r.notification_id
            for r in conn.execute(
                select(ProjectionTracking.projection_name, ProjectionTracking.notification_id)
            )
        }


def test_the_index_equals_the_carts_after_random_commands(store_app: CartApplication, engine: Engine) -> None:
    rng = random.Random(3)
    tokens = [new_token() for _ in range(6)]
    run_commands(store_app, rng, tokens, 120)
    last = support_projector(store_app, engine, batch_size=13).catch_up()
    assert last == store_app.recorder.max_notification_id()
    assert tracking(engine) == {"support_index": last}  # its own row; cart_current's untouched
    rows, keys = index(engine)
    assert (rows, keys) == expected(store_app, tokens)
    assert {kind for kind, _, _ in keys} >= {"sku", "order"}
    assert all(len(row["reference"]) == 7 and row["reference"][3] == "-" for row in rows.values())


def test_keys_accumulate_across_batches(store_app: CartApplication, engine: Engine) -> None:
    token = new_token()
    projector = support_projector(store_app, engine)
    store_app.execute(token, {"type": "add", "product_id": 2, "variation_id": None, "configuration": None})
    projector.catch_up()
    store_app.execute(token, {"type": "remove", "line_id": "L1"})
    store_app.execute(token, {"type": "add", "product_id": 1, "variation_id": None, "configuration": None})
    projector.catch_up()
    rows, keys = index(engine)
    cart_id = str(cart_id_for(token))
    assert {("sku", "SKU-2", cart_id), ("sku", "SKU-1", cart_id)} <= keys  # the removed line still finds it
    assert rows[cart_id]["line_count"] == 1 and rows[cart_id]["version"] == 4


class CrashingWriter(SupportIndexWriter):
    """Raises inside the transaction of batch ``crash_at`` (after its rows and keys were sent)."""

    def __init__(self, *args: Any, crash_at: int) -> None:
        super().__init__(*args)
        self.crash_at = crash_at
        self.batches = 0

    def write_rows(self, conn: Any, rows: Any) -> None:
        super().write_rows(conn, rows)
        self.batches += 1
        if self.batches == self.crash_at:
            raise RuntimeError("power cut")


@pytest.mark.parametrize("crash_at", [1, 4])
def test_a_crash_mid_batch_leaves_nothing_and_the_restart_applies_every_event_once(
    store_app: CartApplication, engine: Engine, crash_at: int
) -> None:
    rng = random.Random(crash_at)
    tokens = [new_token() for _ in range(5)]
    run_commands(store_app, rng, tokens, 80)
    crashing = support_projector(
        store_app, engine, batch_size=10, writer=CrashingWriter(engine, store_app.name, crash_at=crash_at)
    )
    with pytest.raises(RuntimeError, match="power cut"):
        crashing.catch_up()
    notes = store_app.recorder.select_notifications(start=1, limit=10 * (crash_at - 1) or 1)
    assert tracking(engine)["support_index"] == (notes[-1].id if crash_at > 1 else 0)
    if crash_at == 1:
        assert index(engine) == ({}, set())  # the crashed batch left no row and no key
    run_commands(store_app, rng, tokens, 20)
    restarted = support_projector(store_app, engine, batch_size=10)
    restarted.catch_up()
    incremental = index(engine)
    assert incremental == expected(store_app, tokens)
    assert restarted.rebuild() == store_app.recorder.max_notification_id()
    assert index(engine) == incremental


def test_rebuild_equals_incremental_and_leaves_cart_current_alone(
    store_app: CartApplication, engine: Engine
) -> None:
    rng = random.Random(9)
    tokens = [new_token() for _ in range(5)]
    support = support_projector(store_app, engine, batch_size=4, cache_size=2)
    carts = CartProjector(store_app, engine)
    for _ in range(4):
        run_commands(store_app, rng, tokens, 15)
        support.catch_up()
    carts.catch_up()
    incremental = index(engine)
    before = tracking(engine)
    assert support_projector(store_app, engine, rebuild_batch_size=3).rebuild() == before["support_index"]
    assert index(engine) == incremental
    assert tracking(engine) == before


@pytest.fixture
def configured_app(db_url: str) -> Iterator[None]:
    """``get_cart_app()`` built fresh for the test database, closed afterwards."""
    from services.cart.deps import get_cart_app

    get_cart_app.cache_clear()
    yield
    get_cart_app().close()
    get_cart_app.cache_clear()


def test_the_api_runs_the_support_projector_beside_the_cart_projector_and_stops_both(
    configured_app: None, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fastapi.testclient import TestClient

    from services.api.app import create_app
    from services.cart.deps import get_cart_app

    monkeypatch.setenv("PROJECTION_POLL_INTERVAL", "0.01")
    get_settings.cache_clear()
    app = create_app()
    with TestClient(app) as client:
        started = client.post("/api/cart", json={})
        assert started.status_code == 201
        cart_id = str(cart_id_for(started.json()["token"]))
        support = app.state.support_projector
        assert support is not None and app.state.cart_projector is not None
        support.wait(get_cart_app().recorder.max_notification_id(), timeout=60)
        assert index(engine)[0][cart_id]["version"] == 1
        assert [t.name for t in threading.enumerate() if t.name == "support-projection"] == [
            "support-projection"
        ]
    assert app.state.support_projector is None
    assert not [t for t in threading.enumerate() if t.name.startswith("support-projection")]


def test_cli_rebuild_projections_rebuilds_the_support_index(configured_app: None, engine: Engine) -> None:
    from typer.testing import CliRunner

    from services.api.cli import app as cli
    from services.cart.deps import get_cart_app

    token = new_token()
    get_cart_app().start(token)
    result = CliRunner().invoke(cli, ["rebuild-projections"])
    assert result.exit_code == 0, result.output
    assert "cart_current rebuilt up to notification 1" in result.output
    assert "support_index rebuilt up to notification 1" in result.output
    assert str(cart_id_for(token)) in index(engine)[0]
