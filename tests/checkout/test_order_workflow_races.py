"""Two staff acting on one order at once, and the order's append-only history
(docs/checkout.md "Order workflow", "Concurrency" and "History"), on SQLite or PostgreSQL with
TEST_DATABASE_URL."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, text
from sqlalchemy.exc import DatabaseError
from sqlalchemy.orm import Session

from services.catalog.models import Product
from services.checkout import order_admin
from services.checkout import order_repository as orders
from services.checkout.models import OrderStatusChange
from services.checkout.order_workflow import OrderRefused
from services.checkout.service import erase_personal_data
from services.shared import db as shared_db
from tests.checkout.conftest import product
from tests.checkout.test_order_workflow_api import act, admin, fresh, placed, staff

__all__ = ["admin"]  # the fixture, shared with the API tests


def test_two_admins_acting_at_once_one_succeeds_and_the_other_gets_409(
    http: TestClient, admin: TestClient, db: Session
) -> None:
    pid = product(db, manage_stock=True, stock_quantity=10)
    order = placed(http, (pid, 2))
    other = staff(http)
    start = threading.Barrier(2)
    answers: list[Any] = [None, None]

    def run(index: int, client: TestClient, action: str) -> None:
        start.wait()
        answers[index] = act(client, order["id"], action, version=0)

    threads = [
        threading.Thread(target=run, args=(0, admin, "cancel")),
        threading.Thread(target=run, args=(1, other, "mark-paid")),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert Counter(a.status_code for a in answers) == {200: 1, 409: 1}, [a.text for a in answers]
    [loser] = [a.json() for a in answers if a.status_code == 409]
    assert loser["code"] == "order_status_changed"
    page = admin.get(f"/api/staff/orders/{order['id']}").json()
    assert page["version"] == 1 and len(page["history"]) == 1
    expected_stock = 10 if page["status"] == "cancelled" else 8
    assert fresh(db).get(Product, pid).stock_quantity == expected_stock


def test_the_conditional_update_refuses_a_decision_made_from_an_older_read(
    http: TestClient, db: Session
) -> None:
    """Two sessions read the order at version 0; the first commits its action; the second's
    conditional UPDATE finds the version moved on and its whole transaction stores nothing."""
    order = placed(http, (product(db), 1))
    sessions = shared_db.get_sessionmaker()
    with sessions() as first, sessions() as second:
        assert orders.claim(first, order["id"], 0, {"status": "processing"})
        first.commit()
        assert not orders.claim(second, order["id"], 0, {"status": "cancelled"})
        second.rollback()
        with pytest.raises(OrderRefused) as refused:
            order_admin.cancel(second, order["id"], 0, None)
        assert refused.value.code == "order_status_changed"
        second.rollback()
    assert (
        fresh(db).scalar(text("SELECT status FROM orders WHERE id = :id"), {"id": order["id"]})
        == "processing"
    )


def test_the_order_history_is_append_only(http: TestClient, admin: TestClient, db: Session) -> None:
    order = placed(http, (product(db), 1))
    act(admin, order["id"], "mark-paid", version=0)
    fresh(db)
    change_id = db.scalars(
        select(OrderStatusChange.id).where(OrderStatusChange.order_id == order["id"])
    ).one()
    for statement in (
        "UPDATE order_status_changes SET note = 'rewritten' WHERE id = :id",
        "UPDATE order_status_changes SET staff_note = 'rewritten' WHERE id = :id",
        "UPDATE order_status_changes SET staff_note = '', to_status = 'cancelled' WHERE id = :id",
        "DELETE FROM order_status_changes WHERE id = :id",
    ):
        with pytest.raises(DatabaseError, match="append-only"):
            db.execute(text(statement), {"id": change_id})
        db.rollback()
    assert db.get(OrderStatusChange, change_id).note == "Payment received."


def test_erasing_the_buyer_blanks_what_staff_typed_and_keeps_what_the_shop_wrote(
    http: TestClient, admin: TestClient, db: Session
) -> None:
    order = placed(http, (product(db), 2))
    act(admin, order["id"], "mark-paid", version=0, note="Ada Lovelace phoned from +49 30 1234567")
    refund = act(
        admin, order["id"], "refunds", version=1, lines=[], whole=True, reason="Ada wrote to ada@example.com"
    )
    assert refund.status_code == 200, refund.text
    fresh(db)
    assert erase_personal_data(db, order["id"]) is True
    db.commit()

    page = admin.get(f"/api/staff/orders/{order['id']}").json()
    assert [h["staff_note"] for h in page["history"]] == ["", ""]
    assert page["history"][0]["note"] == "Payment received."
    assert page["history"][1]["note"].startswith("Refunded €")
    assert [r["reason"] for r in page["refunds"]] == [""]
    assert "Ada" not in str(page["history"]) and "+49" not in str(page["history"])
