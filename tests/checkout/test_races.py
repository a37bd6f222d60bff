"""Reliability targets (docs/targets.md section 6.2): 100 parallel checkouts for the last unit in stock, or for a
single-use coupon, give exactly one order and 99 clear 409s (no 500, no oversell), on SQLite
and on PostgreSQL (TEST_DATABASE_URL). Each checkout is its own cart, placed at the same time
from 100 threads through the HTTP API."""

from __future__ import annotations

import secrets
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from services.catalog.models import Product
from services.checkout.models import Order, OrderLine
from services.discounts.models import Coupon
from tests.checkout.conftest import cart, command, coupon, form, product

PARALLEL = 100


def _place_all(http: TestClient, tokens: list[str]) -> list[Any]:
    def one(index: int) -> Any:
        headers = {"X-Cart-Token": tokens[index], "Idempotency-Key": secrets.token_hex(8)}
        return http.post(
            "/api/checkout/orders", headers=headers, json=form(email=f"buyer{index}@example.com")
        )

    with ThreadPoolExecutor(max_workers=PARALLEL) as pool:
        return list(pool.map(one, range(len(tokens))))


def test_100_parallel_orders_for_the_last_unit_make_exactly_one(http: TestClient, db: Session) -> None:
    pid = product(db, name="Last Mouse", manage_stock=True, stock_quantity=1)
    tokens = [cart(http, (pid, 1), checkout=False) for _ in range(PARALLEL)]
    answers = _place_all(http, tokens)
    statuses = Counter(a.status_code for a in answers)
    assert statuses == {201: 1, 409: PARALLEL - 1}, [
        a.text for a in answers if a.status_code not in (201, 409)
    ]
    refusals = [a.json() for a in answers if a.status_code == 409]
    assert {r["code"] for r in refusals} == {"out_of_stock"}
    assert all("Last Mouse" in r["message"] for r in refusals)
    db.rollback()  # end the snapshot and expire what the session holds
    db.expire_all()  # objects the session still holds (expire_on_commit is off) are re-read
    row = db.get(Product, pid)
    assert (row.stock_quantity, row.stock_status) == (0, "outofstock")
    ordered = db.scalars(select(OrderLine.order_id).where(OrderLine.product_id == pid)).all()
    assert len(ordered) == 1


def test_100_parallel_orders_with_a_single_use_coupon_make_exactly_one(http: TestClient, db: Session) -> None:
    coupon_id = coupon(db, "ONCE-ONLY", usage_limit=1)
    pid = product(db, manage_stock=True, stock_quantity=1000)
    tokens = []
    for _ in range(PARALLEL):
        token = cart(http, (pid, 1), checkout=False)
        applied = command(http, token, {"type": "apply_coupon", "code": "ONCE-ONLY"})
        assert applied.status_code == 200, applied.text
        tokens.append(token)
    answers = _place_all(http, tokens)
    statuses = Counter(a.status_code for a in answers)
    assert statuses == {201: 1, 409: PARALLEL - 1}, [
        a.text for a in answers if a.status_code not in (201, 409)
    ]
    refusals = [a.json() for a in answers if a.status_code == 409]
    assert {r["code"] for r in refusals} == {"coupon_usage_limit"}
    assert all('Coupon "once-only" usage limit has been reached.' == r["message"] for r in refusals)
    [winner] = [a.json()["order"] for a in answers if a.status_code == 201]
    assert winner["coupons"] == [{"code": "once-only", "discount": 500}]  # 10 % of €50.00
    db.rollback()  # end the snapshot and expire what the session holds
    db.expire_all()  # objects the session still holds (expire_on_commit is off) are re-read
    row = db.get(Coupon, coupon_id)
    assert row.usage_count == 1 and row.used_by == [winner["billing"]["email"]]
    assert db.get(Product, pid).stock_quantity == 999  # the refused orders took no stock
    assert db.get(Order, winner["id"]) is not None
