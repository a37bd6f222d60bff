"""Reading an order (docs/spec.md section 7 ``orders/{id}``): only the buyer (the order key from
checkout) and staff; everyone else, and every unknown id, gets the same 404."""

from __future__ import annotations

import secrets

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from services.checkout.models import Order
from services.staff.service import create_staff_user
from tests.checkout.conftest import cart, place, product


def _order(http: TestClient, db: Session) -> tuple[int, str]:
    body = place(http, cart(http, (product(db), 1))).json()
    return body["order"]["id"], body["order_key"]


def test_the_buyer_reads_the_order_with_its_key(http: TestClient, db: Session) -> None:
    order_id, key = _order(http, db)
    answer = http.get(f"/api/wc/orders/{order_id}", params={"key": key})
    assert answer.status_code == 200
    assert answer.headers["cache-control"] == "no-store"
    order = answer.json()
    assert order["id"] == order_id and order["payment_method_title"] == "Direct bank transfer"
    assert {"date_created", "total", "currency", "lines", "billing"} <= order.keys()
    assert "order_key" not in order  # the key is answered once, by checkout


def test_an_order_read_without_its_key_is_refused(http: TestClient, db: Session) -> None:
    order_id, _ = _order(http, db)
    answer = http.get(f"/api/wc/orders/{order_id}")
    assert answer.status_code == 404
    assert answer.json() == {"code": "order_not_found", "message": "Order not found."}


def test_a_wrong_key_looks_exactly_like_a_missing_order(http: TestClient, db: Session) -> None:
    order_id, key = _order(http, db)
    other_id, _ = _order(http, db)
    wrong = http.get(f"/api/wc/orders/{order_id}", params={"key": "wc_order_" + secrets.token_urlsafe(16)})
    someone_elses = http.get(f"/api/wc/orders/{other_id}", params={"key": key})
    missing = http.get("/api/wc/orders/123", params={"key": key})
    malformed = http.get("/api/wc/orders/abc", params={"key": key})
    other_digits = http.get("/api/wc/orders/²", params={"key": key})  # isdigit() but not int(): was a 500
    too_long = http.get(f"/api/wc/orders/{'9' * 5000}", params={"key": key})
    for answer in (wrong, someone_elses, missing, malformed, other_digits, too_long):
        assert (answer.status_code, answer.json()) == (
            404,
            {"code": "order_not_found", "message": "Order not found."},
        )


def test_staff_can_read_any_order(http: TestClient, db: Session) -> None:
    order_id, _ = _order(http, db)
    email = f"staff-{secrets.token_hex(4)}@halvard.gg"
    create_staff_user(db, email, "correct horse battery", "reviewer")
    db.commit()
    staff = TestClient(http.app)
    assert (
        staff.post("/api/staff/login", json={"email": email, "password": "correct horse battery"}).status_code
        == 200
    )
    answer = staff.get(f"/api/wc/orders/{order_id}")
    assert answer.status_code == 200 and answer.json()["id"] == order_id


@pytest.mark.parametrize(
    ("role", "status"), [("admin", 200), ("reviewer", 200), ("support", 200), ("analyst", 404)]
)
def test_admin_reviewer_and_support_read_any_order_but_an_analyst_does_not(
    http: TestClient, db: Session, role: str, status: int
) -> None:
    order_id, _ = _order(http, db)
    email = f"{role}-{secrets.token_hex(4)}@halvard.gg"
    create_staff_user(db, email, "correct horse battery", role)
    db.commit()
    staff = TestClient(http.app)
    assert (
        staff.post("/api/staff/login", json={"email": email, "password": "correct horse battery"}).status_code
        == 200
    )
    answer = staff.get(f"/api/wc/orders/{order_id}")
    assert answer.status_code == status
    if status == 200:
        assert answer.json()["id"] == order_id
    else:
        assert answer.json()["code"] == "order_not_found"


def test_order_ids_are_random_not_sequential(http: TestClient, db: Session) -> None:
    ids = [_order(http, db)[0] for _ in range(5)]
    assert all(100_000_000 <= i <= 999_999_999 for i in ids)
    assert len(set(ids)) == 5
    assert all(abs(a - b) > 1 for a, b in zip(ids, ids[1:], strict=False))  # no neighbours to guess


def test_the_order_key_is_never_stored(http: TestClient, db: Session) -> None:
    order_id, key = _order(http, db)
    row = db.scalars(select(Order).where(Order.id == order_id)).one()
    assert key not in row.order_key_hash and len(row.order_key_hash) == 64
    assert len(key.removeprefix("wc_order_")) >= 22  # 128 bits, URL-safe base64
