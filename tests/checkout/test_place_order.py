"""Placing an order over HTTP (docs/checkout.md) on SQLite, or PostgreSQL with TEST_DATABASE_URL:
the order's record, stock, idempotency, the cart marked as ordered, mail and GA4 once."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from services.analytics.ga4_models import Ga4Event
from services.catalog.models import Product
from services.checkout.models import Order
from services.mail.models import OutboxMail
from tests.checkout.conftest import cart, command, place, product


def test_placing_an_order_records_it_with_lines_totals_and_customer(http: TestClient, db: Session) -> None:
    pid = product(db, regular_price_eur=5000, manage_stock=True, stock_quantity=5)
    token = cart(http, (pid, 2))
    answer = place(http, token, customer_note="Please ring twice")
    assert answer.status_code == 201, answer.text
    body = answer.json()
    order = body["order"]
    assert body["order_key"].startswith("wc_order_") and order["order_key"] == body["order_key"]
    assert 100_000_000 <= order["id"] <= 999_999_999 and order["number"] == str(order["id"])
    assert order["status"] == "on-hold"
    assert (order["payment_method"], order["payment_method_title"]) == ("bacs", "Direct bank transfer")
    assert order["currency"] == "EUR"
    # 2 x €50.00 = €100.00 reaches the free-shipping threshold of the Germany zone
    assert (order["subtotal"], order["discount"], order["shipping"], order["total"]) == (10000, 0, 0, 10000)
    assert (order["tax"], order["tax_name"]) == (1597, "MwSt.")  # 10000 x 19 / 119 = 1596.6
    [line] = order["lines"]
    assert line["sku"] == f"TM-{pid}" and line["count"] == 2
    assert (line["unit_price"], line["line_total"], line["discount"], line["total"]) == (
        5000,
        10000,
        0,
        10000,
    )
    assert order["billing"]["email"] == "ada@example.com" and order["billing"]["phone"] == "+49 30 1234567"
    assert order["shipping_address"]["city"] == "Berlin" and order["customer_note"] == "Please ring twice"
    assert order["payment_instructions"]["reference"] == str(order["id"])
    assert order["payment_instructions"]["iban"]
    db.rollback()  # end the snapshot and expire what the session holds
    db.expire_all()  # objects the session still holds (expire_on_commit is off) are re-read
    assert db.get(Product, pid).stock_quantity == 3


def test_shipping_is_charged_under_the_threshold_and_taxed(http: TestClient, db: Session) -> None:
    pid = product(db, regular_price_eur=5000)
    order = place(http, cart(http, (pid, 1))).json()["order"]
    assert (order["subtotal"], order["shipping"], order["total"]) == (5000, 490, 5490)
    assert order["tax"] == 877  # 5490 x 19 / 119 = 876.6 -> 877, shipping included
    assert order["shipping_method_title"] == "DHL Paket (2-3 days)"


def test_the_same_idempotency_key_answers_the_same_order_and_makes_one(http: TestClient, db: Session) -> None:
    pid = product(db, manage_stock=True, stock_quantity=5)
    token = cart(http, (pid, 1))
    first = place(http, token, key="double-click-1")
    again = place(http, token, key="double-click-1")
    assert first.status_code == 201 and again.status_code == 200
    assert again.json() == first.json()
    order_id = first.json()["order"]["id"]
    db.rollback()  # end the snapshot and expire what the session holds
    db.expire_all()  # objects the session still holds (expire_on_commit is off) are re-read
    cart_id = db.get(Order, order_id).cart_id
    assert db.scalar(select(func.count()).select_from(Order).where(Order.cart_id == cart_id)) == 1
    assert db.get(Product, pid).stock_quantity == 4
    mails = db.scalars(select(OutboxMail).where(OutboxMail.reference == f"order:{order_id}")).all()
    assert len(mails) == 1
    events = db.scalars(select(Ga4Event).where(Ga4Event.event_id == f"purchase:{order_id}")).all()
    assert len(events) == 1


def test_the_same_key_with_another_form_is_refused(http: TestClient, db: Session) -> None:
    token = cart(http, (product(db), 1))
    assert place(http, token, key="k-reused").status_code == 201
    answer = place(http, token, key="k-reused", city="Hamburg", postcode="20095")
    assert answer.status_code == 409 and answer.json()["code"] == "idempotency_key_reused"


def test_a_new_key_for_an_ordered_cart_is_refused(http: TestClient, db: Session) -> None:
    token = cart(http, (product(db), 1))
    assert place(http, token).status_code == 201
    answer = place(http, token)
    assert answer.status_code == 409
    assert answer.json()["code"] == "cart_already_ordered"
    assert "already been ordered" in answer.json()["message"]


def test_the_cart_records_that_it_was_ordered_and_can_be_used_again(http: TestClient, db: Session) -> None:
    first, second = product(db), product(db)
    token = cart(http, (first, 1))
    order_id = place(http, token).json()["order"]["id"]
    history = http.get("/api/cart/events", headers={"X-Cart-Token": token}).json()
    assert history[-1]["type"] == "OrderPlaced"
    assert history[-1]["data"]["command_id"] == f"order-{order_id}"
    assert history[-1]["data"]["order_id"] == str(order_id)
    assert http.get("/api/cart", headers={"X-Cart-Token": token}).json()["cart"]["lines"] == []
    assert command(http, token, {"type": "add", "product_id": second}).status_code == 200
    again = place(http, token)
    assert again.status_code == 201 and again.json()["order"]["id"] != order_id


def test_an_empty_cart_cannot_be_ordered(http: TestClient) -> None:
    token = cart(http, checkout=False)
    answer = place(http, token)
    assert answer.status_code == 409 and answer.json() == {
        "code": "cart_empty",
        "message": "Your cart is empty.",
    }


def test_an_unknown_cart_is_404_and_headers_are_checked(http: TestClient) -> None:
    answer = place(http, "x" * 43)
    assert answer.status_code == 404 and answer.json()["code"] == "cart_not_found"
    bad_token = http.post("/api/checkout/orders", headers={"X-Cart-Token": "short"}, json={})
    assert bad_token.status_code == 400 and bad_token.json()["code"] == "invalid_cart_token"
    no_key = http.post("/api/checkout/orders", headers={"X-Cart-Token": "x" * 43}, json={})
    assert no_key.status_code == 400 and no_key.json()["code"] == "idempotency_key_required"


def test_stock_is_rechecked_when_placing(http: TestClient, db: Session) -> None:
    pid = product(db, name="Skoll Mouse", manage_stock=True, stock_quantity=2)
    token = cart(http, (pid, 2))
    row = db.get(Product, pid)
    row.stock_quantity = 1
    db.commit()
    answer = place(http, token)
    assert answer.status_code == 409 and answer.json()["code"] == "out_of_stock"
    assert "Skoll Mouse" in answer.json()["message"] and "1 available" in answer.json()["message"]
    db.rollback()  # end the snapshot and expire what the session holds
    db.expire_all()  # objects the session still holds (expire_on_commit is off) are re-read
    assert db.get(Product, pid).stock_quantity == 1


def test_the_last_unit_sets_out_of_stock(http: TestClient, db: Session) -> None:
    pid = product(db, manage_stock=True, stock_quantity=1)
    assert place(http, cart(http, (pid, 1))).status_code == 201
    db.rollback()  # end the snapshot and expire what the session holds
    db.expire_all()  # objects the session still holds (expire_on_commit is off) are re-read
    row = db.get(Product, pid)
    assert (row.stock_quantity, row.stock_status) == (0, "outofstock")


def test_a_backorder_product_can_go_below_zero(http: TestClient, db: Session) -> None:
    pid = product(db, manage_stock=True, stock_quantity=1, backorders="yes")
    answer = place(http, cart(http, (pid, 3)))
    assert answer.status_code == 201, answer.text
    db.rollback()  # end the snapshot and expire what the session holds
    db.expire_all()  # objects the session still holds (expire_on_commit is off) are re-read
    row = db.get(Product, pid)
    assert (row.stock_quantity, row.stock_status) == (-2, "onbackorder")


def test_an_unpublished_product_is_refused(http: TestClient, db: Session) -> None:
    pid = product(db, name="Prototype")
    token = cart(http, (pid, 1))
    db.get(Product, pid).status = "draft"
    db.commit()
    answer = place(http, token)
    assert answer.status_code == 409 and answer.json()["code"] == "product_unavailable"


def test_prices_are_the_live_ones_and_a_shown_total_is_compared(http: TestClient, db: Session) -> None:
    pid = product(db, regular_price_eur=5000)
    token = cart(http, (pid, 1))
    db.get(Product, pid).sale_price_eur = 4000
    db.commit()
    stale = place(http, token, expected_total=5490)
    assert stale.status_code == 409 and stale.json()["code"] == "price_changed"
    fresh = place(http, token, expected_total=4490)
    assert fresh.status_code == 201 and fresh.json()["order"]["total"] == 4490


def test_a_configured_line_costs_its_extras(http: TestClient) -> None:
    token = cart(http, checkout=False)
    added = command(http, token, {"type": "add", "product_id": 26907, "configuration": ["case:alu"]})
    assert added.status_code == 200, added.text
    order = place(http, token).json()["order"]
    [line] = order["lines"]
    assert line["unit_price"] == 19999 + 1990 and line["configuration"][0]["choice_id"] == "alu"
    assert order["shipping"] == 0  # over €100.00


def test_a_us_order_is_in_dollars_without_tax(http: TestClient, db: Session) -> None:
    pid = product(db, regular_price_usd=5500)
    token = cart(http, (pid, 1), country="US")
    answer = place(
        http,
        token,
        country="US",
        postcode="94103",
        state="CA",
        city="San Francisco",
        shipping_method="world_standard",
    )
    assert answer.status_code == 201, answer.text
    order = answer.json()["order"]
    assert (order["currency"], order["subtotal"], order["shipping"], order["tax"], order["total"]) == (
        "USD",
        5500,
        1490,
        0,
        6990,
    )
