"""Shipping methods, quotes and coupons at checkout (docs/checkout.md): flat rates per zone, free over a
threshold, tax included (shipping too), the country changing the currency, coupons re-checked
with the billing email and counted per user."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from services.checkout import service
from services.discounts.models import Coupon
from tests.checkout.conftest import cart, command, coupon, place, product


def quote(http: TestClient, token: str, **body: object) -> dict:
    answer = http.post("/api/checkout/quote", headers={"X-Cart-Token": token}, json={"country": "DE", **body})
    assert answer.status_code == 200, answer.text
    return answer.json()


def with_coupon(http: TestClient, token: str, code: str) -> None:
    applied = command(http, token, {"type": "apply_coupon", "code": code})
    assert applied.status_code == 200, applied.text


def test_shipping_methods_come_from_the_zone_of_the_country(http: TestClient) -> None:
    germany = http.get("/api/checkout/shipping-methods", params={"country": "DE", "currency": "EUR"}).json()
    assert germany == [
        {
            "id": "de_standard",
            "title": "DHL Paket (2-3 days)",
            "cost": 490,
            "currency": "EUR",
            "free_over": 10000,
        },
        {
            "id": "de_express",
            "title": "DHL Express (next day)",
            "cost": 1290,
            "currency": "EUR",
            "free_over": None,
        },
    ]
    france = http.get("/api/checkout/shipping-methods", params={"country": "fr"}).json()
    assert [m["id"] for m in france] == ["eu_standard", "eu_express"]
    usa = http.get("/api/checkout/shipping-methods", params={"country": "US"}).json()
    assert [(m["id"], m["currency"], m["cost"], m["free_over"]) for m in usa][0] == (
        "world_standard",
        "USD",
        1490,
        15000,
    )


def test_shipping_methods_refuse_unknown_countries_and_wrong_currencies(http: TestClient) -> None:
    unknown = http.get("/api/checkout/shipping-methods", params={"country": "ZZ"})
    assert unknown.status_code == 422 and unknown.json()["code"] == "unknown_country"
    mismatch = http.get("/api/checkout/shipping-methods", params={"country": "US", "currency": "EUR"})
    assert mismatch.status_code == 422 and mismatch.json()["code"] == "currency_mismatch"
    assert http.get("/api/checkout/shipping-methods").status_code == 422


def test_a_quote_prices_items_shipping_and_included_tax(http: TestClient, db: Session) -> None:
    token = cart(http, (product(db, regular_price_eur=2500), 3))
    q = quote(http, token)
    assert (q["currency"], q["subtotal"], q["discount"], q["shipping"], q["total"]) == (
        "EUR",
        7500,
        0,
        490,
        7990,
    )
    assert (q["tax"], q["tax_name"], q["tax_rate_bp"]) == (1276, "MwSt.", 1900)  # 7990 x 19/119 = 1275.7
    assert q["shipping_method"] == "de_standard"
    assert [(m["id"], m["cost"]) for m in q["shipping_methods"]] == [
        ("de_standard", 490),
        ("de_express", 1290),
    ]
    assert q["payment_methods"] == [{"id": "bacs", "title": "Direct bank transfer"}]
    express = quote(http, token, shipping_method="de_express")
    assert (express["shipping"], express["total"]) == (1290, 8790)


def test_free_shipping_starts_exactly_at_the_threshold(http: TestClient, db: Session) -> None:
    below = quote(http, cart(http, (product(db, regular_price_eur=9999), 1)))
    at = quote(http, cart(http, (product(db, regular_price_eur=10000), 1)))
    assert (below["shipping"], at["shipping"]) == (490, 0)
    assert [(m["id"], m["cost"]) for m in at["shipping_methods"]] == [
        ("de_standard", 0),
        ("de_express", 1290),
    ]


def test_changing_the_country_reprices_in_its_currency_and_tax(http: TestClient, db: Session) -> None:
    token = cart(http, (product(db, regular_price_eur=5000, regular_price_usd=5500), 1))
    france = quote(http, token, country="FR")
    assert (france["currency"], france["subtotal"], france["shipping"], france["tax"]) == (
        "EUR",
        5000,
        990,
        998,
    )
    usa = quote(http, token, country="US")
    assert (usa["currency"], usa["subtotal"], usa["shipping"], usa["tax"], usa["total"]) == (
        "USD",
        5500,
        1490,
        0,
        6990,
    )
    answer = place(
        http,
        token,
        country="US",
        postcode="10001",
        state="NY",
        city="New York",
        shipping_method="world_standard",
    )
    assert answer.json()["order"]["total"] == 6990


def test_a_quote_for_an_unknown_cart_or_country(http: TestClient, db: Session) -> None:
    missing = http.post("/api/checkout/quote", headers={"X-Cart-Token": "y" * 43}, json={"country": "DE"})
    assert missing.status_code == 404 and missing.json()["code"] == "cart_not_found"
    token = cart(http, (product(db), 1))
    nowhere = http.post("/api/checkout/quote", headers={"X-Cart-Token": token}, json={"country": "ZZ"})
    assert nowhere.status_code == 422 and nowhere.json()["fields"] == {
        "country": "We do not ship to that country."
    }
    bad_email = http.post(
        "/api/checkout/quote", headers={"X-Cart-Token": token}, json={"country": "DE", "email": "x@"}
    )
    assert bad_email.status_code == 422 and set(bad_email.json()["fields"]) == {"email"}


def test_a_coupon_discounts_the_quote_and_the_order(http: TestClient, db: Session) -> None:
    coupon(db, "TENOFF", discount_type="percent", amount=1000)
    token = cart(http, (product(db, regular_price_eur=12000), 1))
    with_coupon(http, token, "TENOFF")
    q = quote(http, token)
    # €120.00 - 10 % = €108.00 >= €100.00: free shipping; tax on €108.00
    assert (q["subtotal"], q["discount"], q["shipping"], q["total"], q["tax"]) == (
        12000,
        1200,
        0,
        10800,
        1724,
    )
    assert q["coupons"] == [{"code": "tenoff", "discount": 1200}] and q["lines"][0]["discount"] == 1200
    order = place(http, token, expected_total=10800).json()["order"]
    assert order["coupons"] == [{"code": "tenoff", "discount": 1200}]
    assert (order["discount"], order["total"], order["lines"][0]["total"]) == (1200, 10800, 10800)


def test_the_free_shipping_threshold_counts_items_after_discounts(http: TestClient, db: Session) -> None:
    coupon(db, "TENOFF2", discount_type="percent", amount=1000)
    token = cart(http, (product(db, regular_price_eur=10500), 1))
    assert quote(http, token)["shipping"] == 0
    with_coupon(http, token, "TENOFF2")
    assert quote(http, token)["shipping"] == 490  # €94.50 after the coupon


def test_a_free_shipping_coupon_makes_shipping_free(http: TestClient, db: Session) -> None:
    coupon(db, "SHIPFREE", discount_type="fixed_cart", amount=0, free_shipping=True)
    token = cart(http, (product(db, regular_price_eur=2000), 1))
    with_coupon(http, token, "SHIPFREE")
    assert quote(http, token, shipping_method="de_express")["shipping"] == 0


def test_an_email_restricted_coupon_is_checked_with_the_billing_email(http: TestClient, db: Session) -> None:
    coupon(db, "STAFFONLY", email_restrictions=["*@halvard.gg"])
    token = cart(http, (product(db, regular_price_eur=5000), 1))
    with_coupon(http, token, "STAFFONLY")
    outsider = quote(http, token, email="ada@example.com")
    assert outsider["discount"] == 0 and outsider["coupons"] == []
    assert outsider["coupon_refusals"] == [
        {
            "code": "STAFFONLY".lower(),
            "refusal": "coupon_email_restricted",
            "message": 'Please enter a valid email to use coupon "staffonly".',
        }
    ]
    refused = place(http, token, email="ada@example.com")
    assert refused.status_code == 409 and refused.json()["code"] == "coupon_email_restricted"
    placed = place(http, token, email="ops@halvard.gg")
    assert placed.status_code == 201 and placed.json()["order"]["discount"] == 500


def test_a_per_user_limit_counts_the_buyers_email(http: TestClient, db: Session) -> None:
    coupon_id = coupon(db, "ONCEEACH", usage_limit_per_user=1)
    first = cart(http, (product(db), 1))
    with_coupon(http, first, "ONCEEACH")
    assert place(http, first, email="Bob@Example.com").status_code == 201
    second = cart(http, (product(db), 1))
    with_coupon(http, second, "ONCEEACH")
    refused = place(http, second, email="bob@example.com")
    assert refused.status_code == 409 and refused.json()["code"] == "coupon_user_limit"
    assert place(http, second, email="carol@example.com").status_code == 201
    db.rollback()  # end the snapshot and expire what the session holds
    db.expire_all()  # objects the session still holds (expire_on_commit is off) are re-read
    row = db.get(Coupon, coupon_id)
    assert row.usage_count == 2 and row.used_by == ["bob@example.com", "carol@example.com"]


def test_an_expired_coupon_stops_the_order(
    http: TestClient, db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    coupon(db, "SOON", date_expires=datetime(2030, 1, 1))
    token = cart(http, (product(db), 1))
    with_coupon(http, token, "SOON")
    monkeypatch.setattr(service, "clock", lambda: datetime(2030, 1, 1) + timedelta(days=1))
    answer = place(http, token)
    assert answer.status_code == 409 and answer.json()["code"] == "coupon_expired"
