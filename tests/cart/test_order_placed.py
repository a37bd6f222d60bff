"""The cart records that it was checked out (docs/checkout.md): ``CartApplication.record_order`` appends
``OrderPlaced``, empties the cart, is idempotent, and is not a command shoppers can send."""

from __future__ import annotations

from services.cart.application import CartApplication
from tests.cart.helpers import new_token

ADD = {"type": "add", "product_id": 2}


def test_an_order_placed_from_the_cart_empties_it_once_and_names_the_order(app: CartApplication) -> None:
    token = new_token()
    app.execute(token, ADD, "a")
    total = app.state(token)["totals"]["total"]
    state = app.record_order(token, "123456789", total, "EUR")
    assert state["lines"] == [] and state["coupons"] == [] and state["orders"] == ["123456789"]
    assert state["totals"]["total"] == 0
    again = app.record_order(token, "123456789", total, "EUR")  # a retry records nothing
    assert again == state
    placed = [e for e in app.history(token) if e["type"] == "OrderPlaced"]
    assert len(placed) == 1
    assert placed[0]["data"] == {
        "order_id": "123456789",
        "total": total,
        "currency": "EUR",
        "command_id": "order-123456789",
        "request_hash": placed[0]["data"]["request_hash"],
    }
    # The cart is used again for the next purchase; the past order stays on record.
    assert app.execute(token, ADD, "b").state["orders"] == ["123456789"]
    assert app.state(token)["lines"][0]["count"] == 1
