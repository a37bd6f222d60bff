"""No personal data in cart events or snapshots (docs/events.md, "What events never hold"),
over real cart, coupon and checkout flows on the test database (SQLite, or PostgreSQL with
TEST_DATABASE_URL): email-restricted and already-used coupons, refusals, an email typed as a
code, free-text payment intents, an old client's email field and a placed order; then every
stored event and snapshot is scanned for anything shaped like an email address. The email rules
themselves are enforced at checkout, with WooCommerce's wording, when quoting and placing."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from services.cart.deps import get_cart_app
from tests.checkout.conftest import cart, command, coupon, place, product
from tests.privacy_scan import assert_no_email_in_store


def quote(http: TestClient, token: str, email: str) -> dict:
    answer = http.post(
        "/api/checkout/quote", headers={"X-Cart-Token": token}, json={"country": "DE", "email": email}
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_cart_coupon_and_order_flows_store_no_email(http: TestClient, db: Session) -> None:
    coupon(db, "teamonly", email_restrictions=["*@halvard.gg", "lina.berg@example.org"])
    coupon(db, "thanks7", usage_limit_per_user=1, used_by=["repeat.buyer@example.com"], usage_count=1)
    coupon(db, "minimum900", discount_type="fixed_cart", amount=500, minimum_amount=90000)
    token = cart(http, (product(db, regular_price_eur=6000), 2), checkout=False)

    # An old storefront still sends the email with apply_coupon: it is ignored, not recorded.
    for code in ("teamonly", "thanks7"):
        applied = command(http, token, {"type": "apply_coupon", "code": code, "email": "ada@example.com"})
        assert applied.status_code == 200, applied.text
    refused = command(http, token, {"type": "apply_coupon", "code": "minimum900"})
    assert refused.status_code == 409 and refused.json()["code"] == "coupon_minimum_spend"
    unknown = command(http, token, {"type": "apply_coupon", "code": "NOPE-2026"})
    assert unknown.status_code == 422 and unknown.json()["code"] == "coupon_not_found"
    # An email typed into the coupon field, free text as a payment intent: 422, nothing recorded.
    typed = command(http, token, {"type": "apply_coupon", "code": "ada@example.com"})
    assert typed.status_code == 422 and typed.json()["code"] == "invalid_request"
    assert "@" in typed.json()["message"]  # the answer says why ...
    intent = command(http, token, {"type": "set_payment_intent", "intent": "invoice to ada@example.com"})
    assert intent.status_code == 422 and intent.json()["code"] == "invalid_request"
    assert command(http, token, {"type": "set_payment_intent", "intent": "bacs"}).status_code == 200
    assert command(http, token, {"type": "start_checkout"}).status_code == 200

    # The email rules run at checkout with the billing email, worded as WooCommerce words them.
    outsider = quote(http, token, "Repeat.Buyer@example.com")
    assert outsider["coupon_refusals"] == [
        {
            "code": "teamonly",
            "refusal": "coupon_email_restricted",
            "message": 'Please enter a valid email to use coupon "teamonly".',
        },
        {
            "code": "thanks7",
            "refusal": "coupon_user_limit",
            "message": 'Coupon "thanks7" usage limit has been reached for Repeat.Buyer@example.com.',
        },
    ]
    stopped = place(http, token, email="ada@example.com")
    assert (stopped.status_code, stopped.json()["code"]) == (409, "coupon_email_restricted")
    assert quote(http, token, "lina.berg@example.org")["coupon_refusals"] == []
    placed = place(http, token, email="lina.berg@example.org")
    assert placed.status_code == 201, placed.text
    assert [c["code"] for c in placed.json()["order"]["coupons"]] == ["teamonly", "thanks7"]

    history = http.get("/api/cart/events", headers={"X-Cart-Token": token}).json()
    kinds = [event["type"] for event in history]
    assert {"CouponApplied", "CommandRefused", "PaymentIntentSet", "OrderPlaced"} <= set(kinds)
    assert "@" not in str(history)
    # ... and the store holds none of it, in any event or snapshot of the module so far.
    assert assert_no_email_in_store(get_cart_app()) >= len(history)
