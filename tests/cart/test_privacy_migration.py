"""Migration 0011 rewrites cart events and snapshots stored with personal data (docs/events.md,
"What events never hold"), on the engine under test (SQLite: the separate event-store file;
PostgreSQL: the tables in the migrated schema).

A cart is recorded by the application, then its stored rows are turned back into the shape
the code before 0011 wrote: ``CouponApplied`` with ``used_by`` and ``email_restrictions``, a
``CommandRefused`` message naming an email, a free-text ``PaymentIntentSet``, and snapshots
holding all of it, without ``class_version``. The upcasters already hide it when the cart is
loaded, but the bytes are still on disk; after the migration they are not, and the cart loads
with the same lines, coupons and totals."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import Connection, create_engine, text

from services.cart.application import CartApplication, CartRefused
from services.cart.eventstore import eventstore_env
from services.cart.privacy import rewrite_store
from services.discounts.domain import CouponFacts
from services.shared.migrate import downgrade, upgrade
from services.shared.settings import get_settings
from tests.cart.helpers import GERMANY, FakeCatalog, new_token, simple
from tests.privacy_scan import email_hits

EMAILS = ("repeat.buyer@example.com", "*@halvard.gg", "ada@example.com", "lina@halvard.gg")
THANKS = CouponFacts(
    id=7, code="thanks5", discount_type="percent", amount=500, usage_limit=50, usage_limit_per_user=1
)


def _app() -> CartApplication:
    env = eventstore_env(get_settings(), create_tables=True)
    env["CART_SNAPSHOT_INTERVAL"] = "3"
    catalog = FakeCatalog([simple(1, 5999, 6499, name="Skoll Mouse")], [GERMANY])
    catalog.put_coupon(THANKS)
    return CartApplication(env, catalog=catalog)


def _store() -> tuple[Any, str, str]:
    """An engine on the event store and its events and snapshots tables."""
    env = eventstore_env(get_settings())
    if env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite":
        return create_engine(f"sqlite:///{env['SQLITE_DBNAME']}"), "stored_events", "stored_snapshots"
    return create_engine(get_settings().effective_database_url), "carts_events", "carts_snapshots"


def _make_old(conn: Connection, table: str, change: Any) -> None:
    rows = conn.execute(text(f"SELECT originator_id, originator_version, topic, state FROM {table}")).all()  # noqa: S608
    for originator_id, version, topic, state in rows:
        data = json.loads(bytes(state))
        data.pop("class_version", None)
        change(topic.rsplit(".", 1)[-1], data)
        conn.execute(
            text(f"UPDATE {table} SET state = :s WHERE originator_id = :i AND originator_version = :v"),  # noqa: S608
            {"s": json.dumps(data).encode(), "i": originator_id, "v": version},
        )


def _old_event(kind: str, data: dict[str, Any]) -> None:
    if kind == "CouponApplied":
        data["coupon"].update(used_by=[EMAILS[0]], email_restrictions=[EMAILS[1]])
    elif kind == "CommandRefused":
        data["message"] = f'Coupon "thanks5" usage limit has been reached for {EMAILS[2]}.'
    elif kind == "PaymentIntentSet":
        data["intent"] = f"pay later, ask {EMAILS[3]}"


def _old_snapshot(_: str, data: dict[str, Any]) -> None:
    state = data["state"]
    state.pop("class_version", None)  # the Cart state's version (v1 had none)
    for record in state.get("coupons") or []:
        record.update(used_by=[EMAILS[0]], email_restrictions=[EMAILS[1]])
    for seen in state["processed"].values():
        if seen.get("refused"):
            seen["refused"]["message"] = f"refused for {EMAILS[2]}"
    state["intent"] = f"pay later, ask {EMAILS[3]}"


@pytest.fixture
def old_cart(db_url: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """A cart stored in the pre-0011 shape; ``(token, its state before it was made old)``."""
    app = _app()
    token = new_token()
    app.execute(token, {"type": "add", "product_id": 1}, "k1")
    app.execute(token, {"type": "set_count", "line_id": "L1", "count": 3}, "k2")
    app.execute(token, {"type": "apply_coupon", "code": "thanks5"}, "k3")
    app.execute(token, {"type": "set_payment_intent", "intent": "bacs"}, "k4")
    with pytest.raises(CartRefused):
        app.execute(token, {"type": "apply_coupon", "code": "thanks5"}, "k5")
    app.execute(token, {"type": "add", "product_id": 1}, "k6")  # version 7: a second snapshot
    state = app.state(token)
    app.close()
    engine, events, snapshots = _store()
    with engine.begin() as conn:
        assert conn.execute(text(f"SELECT COUNT(*) FROM {snapshots}")).scalar_one() == 2  # noqa: S608
        _make_old(conn, events, _old_event)
        _make_old(conn, snapshots, _old_snapshot)
    engine.dispose()
    yield token, state


def _raw_text() -> str:
    engine, events, snapshots = _store()
    with engine.connect() as conn:
        rows = [
            bytes(state).decode()
            for table in (events, snapshots)
            for (state,) in conn.execute(text(f"SELECT state FROM {table}"))  # noqa: S608
        ]
    engine.dispose()
    return "\n".join(rows)


def test_upcasters_hide_old_personal_data_but_leave_the_bytes(old_cart: tuple[str, dict[str, Any]]) -> None:
    token, before = old_cart
    app = _app()
    try:
        assert all(email in _raw_text() for email in EMAILS)
        assert email_hits(app)  # the scan sees them in the raw store
        state = app.state(token)  # loaded from the old snapshot at version 6 plus one event
        assert state["totals"] == before["totals"] and state["coupons"] == before["coupons"]
        assert state["intent"] is None  # free text is never shown
        cart = app.get_cart(token)
        assert "@" not in json.dumps([cart.coupons, cart.processed])
        history = app.history(token)
        assert "@" not in json.dumps(history)
        assert cart.processed["k5"]["refused"]["message"] == "refused for (email removed)"
    finally:
        app.close()


def test_migration_0011_removes_the_bytes_and_the_cart_loads_the_same(
    db_url: str, old_cart: tuple[str, dict[str, Any]]
) -> None:
    token, before = old_cart
    downgrade(db_url, "0010")
    upgrade(db_url, "0011")
    raw = _raw_text()
    assert not any(email in raw for email in EMAILS)
    assert "(email removed)" in raw and '"class_version":2' in raw
    app = _app()
    try:
        assert not email_hits(app)
        state = app.state(token)
        assert (state["lines"], state["coupons"], state["totals"]) == (
            before["lines"],
            before["coupons"],
            before["totals"],
        )
        assert state["intent"] is None and state["version"] == before["version"]
        refusals = [e["data"] for e in app.history(token) if e["type"] == "CommandRefused"]
        assert refusals[0]["message"] == 'Coupon "thanks5" usage limit has been reached for (email removed).'
        # The rewrite is idempotent: run again, nothing changes.
        engine, events, snapshots = _store()
        with engine.begin() as conn:
            assert rewrite_store(conn, events, snapshots) == 0
        engine.dispose()
    finally:
        app.close()
