"""The checkout's answers have exactly the shapes the OpenAPI document states for them
(``services/checkout/schemas.py``: shipping and payment methods, the quote, the placed order and
the order page; the storefront's types are generated from that document: docs/api.md,
"OpenAPI"). Strict JSON types, and no field the document does not name."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from pydantic import TypeAdapter
from sqlalchemy.orm import Session

from services.checkout import schemas as out
from tests.checkout.conftest import cart, command, coupon, place, product


def _shaped(response: Any, shape: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    TypeAdapter(shape).validate_json(response.content, strict=True)
    return response.json()


def test_shipping_and_payment_methods_have_the_documented_shapes(http: TestClient) -> None:
    for country in ("DE", "US"):
        methods = _shaped(
            http.get("/api/checkout/shipping-methods", params={"country": country}),
            list[out.ShippingMethodOut],
        )
        assert methods
    assert _shaped(http.get("/api/checkout/payment-methods"), list[out.PaymentMethodOut])


def test_a_quote_an_order_placed_and_the_order_page_have_the_documented_shapes(
    http: TestClient, db: Session
) -> None:
    coupon(db, "shapes10")
    token = cart(http, (product(db), 2), checkout=False)
    configured = {"type": "add", "product_id": 26907, "configuration": ["case:alu"]}
    for body in (configured, {"type": "apply_coupon", "code": "shapes10"}, {"type": "start_checkout"}):
        assert command(http, token, body).status_code == 200
    quote = _shaped(
        http.post("/api/checkout/quote", headers={"X-Cart-Token": token}, json={"country": "DE"}),
        out.QuoteOut,
    )
    assert quote["coupons"] and quote["discount"] > 0
    placed = _shaped(place(http, token, key="shapes-1"), out.OrderPlacedOut, status=201)
    again = _shaped(place(http, token, key="shapes-1"), out.OrderPlacedOut)
    assert again["order"]["id"] == placed["order"]["id"]
    order = _shaped(
        http.get(f"/api/wc/orders/{placed['order']['id']}", params={"key": placed["order_key"]}), out.OrderOut
    )
    assert order["payment_instructions"] is not None and order["coupons"]
    assert [line["configuration"] is not None for line in order["lines"]] == [False, True]
