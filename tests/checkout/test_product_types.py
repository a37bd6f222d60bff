"""Grouped, external and virtual products and scheduled sales in the cart and at checkout
(docs/spec.md section 10), over HTTP on SQLite, or PostgreSQL with TEST_DATABASE_URL."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlalchemy.orm import Session

from services.catalog import sales
from services.catalog.models import Product
from tests.checkout.conftest import cart, command, place, product


def _new_cart(http: TestClient) -> str:
    token = secrets.token_urlsafe(32)
    assert http.post("/api/cart", headers={"X-Cart-Token": token}, json={"country": "DE"}).status_code == 201
    return token


def _add(http: TestClient, token: str, product_id: int) -> dict:
    return command(http, token, {"type": "add", "product_id": product_id}).json()


def test_a_grouped_product_is_refused_while_its_children_are_added(http: TestClient, db: Session) -> None:
    pad, cable = product(db, name="Fenrir Pad"), product(db, name="Bifrost Cable")
    grouped = product(
        db, name="Starter Set", type="grouped", grouped_ids=[pad, cable], regular_price_eur=None
    )
    token = _new_cart(http)
    refused = command(http, token, {"type": "add", "product_id": grouped})
    assert refused.status_code == 422
    assert refused.json()["code"] == "grouped_product"
    assert refused.json()["message"] == "Starter Set is a set of products: add the products in it one by one."
    assert _add(http, token, pad)["cart"]["lines"][0]["product_id"] == pad
    lines = _add(http, token, cable)["cart"]["lines"]
    assert [line["product_id"] for line in lines] == [pad, cable]


def test_an_external_product_is_refused_by_the_cart(http: TestClient, db: Session) -> None:
    chair = product(db, name="Partner Chair", type="external", external_url="https://p.example/chair")
    refused = command(http, _new_cart(http), {"type": "add", "product_id": chair})
    assert refused.status_code == 422 and refused.json()["code"] == "external_product"
    assert (
        refused.json()["message"] == "Partner Chair is sold by another shop and cannot be added to the cart."
    )


def test_checkout_never_prices_a_product_that_became_grouped_after_it_was_added(
    http: TestClient, db: Session
) -> None:
    pid = product(db, name="Changing Set")
    token = cart(http, (pid, 1))
    db.execute(update(Product).where(Product.id == pid).values(type="grouped"))
    db.commit()
    answer = place(http, token)
    assert answer.status_code == 409 and answer.json()["code"] == "product_unavailable"
    quote = http.post("/api/checkout/quote", headers={"X-Cart-Token": token}, json={"country": "DE"})
    assert quote.status_code == 409 and quote.json()["code"] == "product_unavailable"


def test_a_virtual_only_cart_orders_without_address_or_shipping_method(http: TestClient, db: Session) -> None:
    gift = product(db, name="Gift Card", regular_price_eur=2500, virtual=True)
    token = cart(http, (gift, 1))
    quote = http.post("/api/checkout/quote", headers={"X-Cart-Token": token}, json={"country": "FR"}).json()
    assert (quote["needs_shipping"], quote["shipping"], quote["shipping_method"], quote["shipping_methods"]) == (
        False, 0, "", [],
    )  # fmt: skip
    answer = place(http, token, country="FR", address_1=None, city=None, postcode=None, shipping_method=None)
    assert answer.status_code == 201, answer.text
    order = answer.json()["order"]
    assert (order["shipping"], order["shipping_method"], order["shipping_method_title"]) == (
        0,
        "",
        "No shipping needed",
    )
    assert (order["subtotal"], order["total"]) == (2500, 2500)
    assert (order["tax"], order["tax_name"]) == (417, "TVA")  # the billing country's 20 %: 2500 x 20 / 120
    assert order["billing"]["country"] == "FR" and order["billing"]["email"] == "ada@example.com"


def test_a_virtual_only_cart_still_needs_billing_details(http: TestClient, db: Session) -> None:
    token = cart(http, (product(db, virtual=True), 1))
    answer = place(
        http, token, address_1=None, city=None, postcode=None, shipping_method=None, email=None, last_name=""
    )
    assert answer.status_code == 422
    assert set(answer.json()["fields"]) == {"email", "last_name"}


def test_a_cart_mixing_virtual_and_physical_lines_needs_an_address_and_a_method(
    http: TestClient, db: Session
) -> None:
    token = cart(http, (product(db, virtual=True), 1), (product(db), 1))
    quote = http.post("/api/checkout/quote", headers={"X-Cart-Token": token}, json={"country": "DE"}).json()
    assert quote["needs_shipping"] is True and quote["shipping_method"] == "de_standard"
    answer = place(http, token, address_1=None, city=None, postcode=None, shipping_method=None)
    assert answer.status_code == 422
    assert set(answer.json()["fields"]) == {"address_1", "city", "postcode", "shipping_method"}
    placed = place(http, token)
    assert placed.status_code == 201 and placed.json()["order"]["shipping_method"] == "de_standard"


@pytest.mark.parametrize(
    ("when", "unit"),
    [
        (datetime(2026, 3, 1, 11, 59), 6000),  # before the sale
        (datetime(2026, 3, 1, 12, 0), 4500),  # from its first instant
        (datetime(2026, 3, 5, 12, 0), 4500),  # during
        (datetime(2026, 3, 8, 0, 0), 6000),  # its end is not part of it
    ],
)
def test_a_scheduled_sale_prices_the_cart_and_the_order_only_inside_its_window(
    http: TestClient, db: Session, monkeypatch: pytest.MonkeyPatch, when: datetime, unit: int
) -> None:
    pid = product(db, regular_price_eur=6000, sale_price_eur=4500,
                  date_on_sale_from=datetime(2026, 3, 1, 12, 0), date_on_sale_to=datetime(2026, 3, 8, 0, 0))  # fmt: skip
    monkeypatch.setattr(sales, "clock", lambda: when.replace(tzinfo=UTC))
    token = cart(http, (pid, 2))
    state = http.get("/api/cart", headers={"X-Cart-Token": token}).json()["cart"]
    assert state["lines"][0]["line_total"] == 2 * unit
    order = place(http, token).json()["order"]
    assert order["lines"][0]["unit_price"] == unit and order["subtotal"] == 2 * unit


def test_the_cart_sees_a_sale_start_without_any_catalogue_edit(
    http: TestClient, db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    pid = product(db, regular_price_eur=6000, sale_price_eur=4500, date_on_sale_from=datetime(2026, 4, 1))
    monkeypatch.setattr(sales, "clock", lambda: datetime(2026, 3, 31, 23, 0, tzinfo=UTC))
    first = _add(http, _new_cart(http), pid)["cart"]["lines"][0]["line_total"]
    monkeypatch.setattr(sales, "clock", lambda: datetime(2026, 4, 1, 0, 1, tzinfo=UTC))
    second = _add(http, _new_cart(http), pid)["cart"]["lines"][0]["line_total"]
    assert (first, second) == (6000, 4500)
