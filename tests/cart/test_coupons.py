"""Coupons in the cart (in-memory event store): apply_coupon / remove_coupon, the re-check after
every other command, totals after the discount, and the atomic start_checkout hand-off."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from services.cart.application import CartApplication, CartRefused
from services.discounts.domain import CouponFacts
from services.shared.errors import Invalid
from tests.cart.helpers import FakeCatalog, new_token

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
WELCOME = CouponFacts(id=1, code="welcome10", discount_type="percent", amount=1000)
SAVE20 = CouponFacts(
    id=2, code="save20", amount=2000, minimum_amount=10000, amount_usd=2200, minimum_amount_usd=14000
)
CREATOR = CouponFacts(id=3, code="creator30", discount_type="percent", amount=3000, individual_use=True)
SOON_OVER = CouponFacts(id=4, code="soonover", amount=500, date_expires=NOW + timedelta(hours=1))
STAFF = CouponFacts(
    id=5, code="staff40", discount_type="percent", amount=4000, email_restrictions=("*@halvard.gg",)
)
HUGE = CouponFacts(id=6, code="huge", amount=10**7)


@pytest.fixture
def shop(app: CartApplication, catalog: FakeCatalog) -> CartApplication:
    for coupon in (WELCOME, SAVE20, CREATOR, SOON_OVER, STAFF, HUGE):
        catalog.put_coupon(coupon)
    app.clock = lambda: NOW  # type: ignore[method-assign]
    return app


def run(app: CartApplication, token: str, command: dict[str, Any], key: str | None = None) -> dict[str, Any]:
    return app.execute(token, command, key).state


def refused(app: CartApplication, token: str, command: dict[str, Any], key: str | None = None) -> CartRefused:
    with pytest.raises(CartRefused) as caught:
        app.execute(token, command, key)
    return caught.value


def types(app: CartApplication, token: str) -> list[str]:
    return [e["type"] for e in app.history(token)]


def test_applying_a_coupon_records_its_facts_and_takes_the_discount_off_the_total(
    shop: CartApplication,
) -> None:
    token = new_token()
    run(shop, token, {"type": "add", "product_id": 1})
    state = run(shop, token, {"type": "apply_coupon", "code": " WELCOME10 ", "email": None})
    assert state["coupons"] == [
        {
            "code": "welcome10",
            "discount_type": "percent",
            "amount": 1000,
            "discount": 600,
            "free_shipping": False,
        }
    ]
    totals = state["totals"]
    assert (totals["subtotal"], totals["discount"], totals["total"]) == (5999, 600, 5399)
    assert totals["tax_included"] == 862  # 5399 * 19 / 119 = 862.04: the tax in what is paid
    applied = shop.history(token)[-1]
    assert applied["type"] == "CouponApplied"
    assert applied["data"]["code"] == "welcome10" and applied["data"]["coupon"]["amount"] == 1000
    assert shop.state(token) == state


def test_a_cart_without_coupons_shows_a_zero_discount(shop: CartApplication) -> None:
    token = new_token()
    state = run(shop, token, {"type": "add", "product_id": 2})
    assert state["coupons"] == [] and state["totals"]["discount"] == 0 and state["totals"]["total"] == 1999


def test_an_unknown_code_is_refused_and_the_refusal_is_in_the_history(shop: CartApplication) -> None:
    token = new_token()
    run(shop, token, {"type": "add", "product_id": 1})
    refusal = refused(shop, token, {"type": "apply_coupon", "code": "NOPE"})
    assert (refusal.code, refusal.message, refusal.status_code) == (
        "coupon_not_found",
        'Coupon "NOPE" does not exist!',
        422,
    )
    last = shop.history(token)[-1]
    assert last["type"] == "CommandRefused" and last["data"]["message"] == 'Coupon "NOPE" does not exist!'
    assert refusal.extra["cart"]["coupons"] == []


def test_applying_the_same_coupon_twice_keeps_one_and_a_retried_key_records_nothing(
    shop: CartApplication,
) -> None:
    token = new_token()
    run(shop, token, {"type": "add", "product_id": 1})
    first = shop.execute(token, {"type": "apply_coupon", "code": "welcome10"}, "k1")
    again = shop.execute(token, {"type": "apply_coupon", "code": "welcome10"}, "k1")
    assert again.replayed and again.state == first.state
    assert types(shop, token).count("CouponApplied") == 1
    refusal = refused(shop, token, {"type": "apply_coupon", "code": "Welcome10"})
    assert (refusal.code, refusal.message) == (
        "coupon_already_applied",
        'Coupon code "welcome10" already applied!',
    )
    assert [c["code"] for c in shop.state(token)["coupons"]] == ["welcome10"]


def test_a_coupon_under_its_minimum_is_refused_then_removed_when_the_cart_drops_below_it(
    shop: CartApplication,
) -> None:
    token = new_token()
    state = run(shop, token, {"type": "add", "product_id": 1})
    refusal = refused(shop, token, {"type": "apply_coupon", "code": "save20"})
    assert (refusal.code, refusal.message, refusal.status_code) == (
        "coupon_minimum_spend",
        'The minimum spend for coupon "save20" is €100.00.',
        409,
    )
    line = state["lines"][0]["line_id"]
    run(shop, token, {"type": "set_count", "line_id": line, "count": 2})
    state = run(shop, token, {"type": "apply_coupon", "code": "save20"})
    assert state["totals"]["discount"] == 2000 and state["totals"]["total"] == 11998 - 2000
    state = run(shop, token, {"type": "set_count", "line_id": line, "count": 1})
    assert state["coupons"] == [] and state["totals"]["discount"] == 0
    removed = shop.history(token)[-1]
    assert removed["type"] == "CouponRemoved"
    assert removed["data"] | {"command_id": None, "request_hash": None} == {
        "code": "save20",
        "reason": "no_longer_valid",
        "refusal_code": "coupon_minimum_spend",
        "message": 'The minimum spend for coupon "save20" is €100.00.',
        "command_id": None,
        "request_hash": None,
    }


def test_switching_to_dollars_checks_the_usd_minimum(shop: CartApplication) -> None:
    token = new_token()
    state = run(shop, token, {"type": "add", "product_id": 1})
    run(shop, token, {"type": "set_count", "line_id": state["lines"][0]["line_id"], "count": 2})
    assert run(shop, token, {"type": "apply_coupon", "code": "save20"})["totals"]["discount"] == 2000
    state = run(shop, token, {"type": "set_country", "country": "US"})  # 2 x 64.99 < 140.00
    assert state["currency"] == "USD" and state["coupons"] == []
    assert shop.history(token)[-1]["data"]["message"] == 'The minimum spend for coupon "save20" is $140.00.'


def test_the_shopper_removes_a_coupon_and_cannot_remove_one_not_applied(shop: CartApplication) -> None:
    token = new_token()
    run(shop, token, {"type": "add", "product_id": 1})
    run(shop, token, {"type": "apply_coupon", "code": "welcome10"})
    state = run(shop, token, {"type": "remove_coupon", "code": "WELCOME10"})
    assert state["coupons"] == [] and state["totals"]["total"] == 5999
    assert shop.history(token)[-1]["data"]["reason"] == "shopper"
    refusal = refused(shop, token, {"type": "remove_coupon", "code": "welcome10"})
    assert (refusal.code, refusal.message) == (
        "coupon_not_applied",
        'Coupon "welcome10" is not applied to your cart.',
    )


def test_an_individual_use_coupon_is_never_combined(shop: CartApplication) -> None:
    token = new_token()
    run(shop, token, {"type": "add", "product_id": 1})
    run(shop, token, {"type": "apply_coupon", "code": "creator30"})
    refusal = refused(shop, token, {"type": "apply_coupon", "code": "welcome10"})
    assert (refusal.code, refusal.message) == (
        "coupon_individual_use",
        'Sorry, coupon "creator30" has already been applied and cannot be used in conjunction with other coupons.',
    )
    run(shop, token, {"type": "remove_coupon", "code": "creator30"})
    run(shop, token, {"type": "apply_coupon", "code": "welcome10"})
    refusal = refused(shop, token, {"type": "apply_coupon", "code": "creator30"})
    assert refusal.message == 'Sorry, coupon "creator30" cannot be used in conjunction with other coupons.'


def test_two_coupons_stack_and_never_take_more_than_the_items(shop: CartApplication) -> None:
    token = new_token()
    run(shop, token, {"type": "add", "product_id": 2})
    run(shop, token, {"type": "apply_coupon", "code": "welcome10"})
    state = run(shop, token, {"type": "apply_coupon", "code": "huge"})
    assert state["totals"]["discount"] == 1999 and state["totals"]["total"] == 0
    assert state["totals"]["tax_included"] == 0
    assert [(c["code"], c["discount"]) for c in state["coupons"]] == [("welcome10", 200), ("huge", 1799)]


def test_a_coupon_that_expires_in_the_cart_goes_with_the_next_command(shop: CartApplication) -> None:
    token = new_token()
    run(shop, token, {"type": "add", "product_id": 1})
    run(shop, token, {"type": "apply_coupon", "code": "soonover"})
    shop.clock = lambda: NOW + timedelta(hours=2)  # type: ignore[method-assign]
    state = run(shop, token, {"type": "add", "product_id": 2})
    assert state["coupons"] == []
    assert shop.history(token)[-1]["data"]["refusal_code"] == "coupon_expired"
    refusal = refused(shop, token, {"type": "apply_coupon", "code": "soonover"})
    assert (refusal.code, refusal.message) == ("coupon_expired", 'Coupon "soonover" has expired.')


def test_the_cart_never_checks_emails_and_records_no_email_facts(shop: CartApplication) -> None:
    """docs/events.md, "Coupons": email restrictions wait for checkout; an email sent with the
    command is never read, and the recorded facts hold no ``email_restrictions``/``used_by``."""
    token = new_token()
    run(shop, token, {"type": "add", "product_id": 1})
    state = run(shop, token, {"type": "apply_coupon", "code": "staff40", "email": "me@example.com"})
    assert state["coupons"][0]["code"] == "staff40"
    applied = shop.history(token)[-1]
    assert applied["type"] == "CouponApplied"
    assert (
        "email_restrictions" not in applied["data"]["coupon"] and "used_by" not in applied["data"]["coupon"]
    )
    assert applied["data"]["coupon"]["amount"] == 4000
    assert "@" not in str(shop.history(token)) and "@" not in str(shop.get_cart(token).coupons)


@pytest.mark.parametrize("kind", ["apply_coupon", "remove_coupon"])
def test_a_code_shaped_like_an_email_is_invalid_and_records_nothing(shop: CartApplication, kind: str) -> None:
    token = new_token()
    run(shop, token, {"type": "add", "product_id": 1})
    before = len(shop.history(token))
    with pytest.raises(Invalid) as caught:
        shop.execute(token, {"type": kind, "code": "Lina@Halvard.gg"})
    assert (caught.value.code, caught.value.status_code) == ("invalid_coupon_code", 422)
    assert len(shop.history(token)) == before


def test_payment_intent_is_one_of_a_closed_set(shop: CartApplication) -> None:
    token = new_token()
    assert run(shop, token, {"type": "set_payment_intent", "intent": "bacs"})["intent"] == "bacs"
    refusal = refused(shop, token, {"type": "set_payment_intent", "intent": "pay me at lina@halvard.gg"})
    assert (refusal.code, refusal.status_code) == ("invalid_payment_intent", 422)
    assert "lina" not in str(shop.history(token)) and shop.state(token)["intent"] == "bacs"


def test_a_cart_stored_before_coupons_existed_loads_with_none(shop: CartApplication) -> None:
    token = new_token()
    run(shop, token, {"type": "add", "product_id": 1})
    cart = shop.get_cart(token)
    del cart.__dict__["coupons"]  # as a snapshot taken before coupons existed restores it
    assert cart.coupon_facts() == [] and cart.totals()["discount"] == 0


# ---- start_checkout with the shopper's lines --------------------------------------------------------


def test_checkout_with_lines_replaces_the_cart_in_one_save_under_the_add_rules(shop: CartApplication) -> None:
    token = new_token()
    run(shop, token, {"type": "add", "product_id": 2})
    run(shop, token, {"type": "apply_coupon", "code": "welcome10"})
    before = len(shop.history(token))
    state = run(
        shop,
        token,
        {
            "type": "start_checkout",
            "lines": [
                {"product_id": 1, "count": 5},  # stock 3: capped
                {"product_id": 4, "count": 1},  # coming soon: left out
                {"product_id": 2, "count": 0},  # count 0: left out
                {"product_id": 999, "count": 1},  # unknown: left out
                {"product_id": 26907, "count": 2, "configuration": ["case:alu"]},
                {"product_id": 31575, "count": 1},
            ],
        },
    )
    assert [(line["product_id"], line["count"]) for line in state["lines"]] == [
        (1, 3),
        (26907, 2),
        (31575, 1),
    ]
    assert state["checkout_started"] is True
    new = shop.history(token)[before:]
    assert [e["type"] for e in new] == [
        "Cleared",
        "ItemAdded",
        "ItemCountSet",
        "ItemAdded",
        "ItemCountSet",
        "ItemAdded",
        "CheckoutStarted",
    ]
    assert len({e["data"]["request_hash"] for e in new}) == 1  # one command, one save
    started = new[-1]["data"]
    subtotal = 3 * 5999 + 2 * (19999 + 1990) + 4999
    assert started["totals"]["subtotal"] == subtotal
    assert started["totals"]["discount"] == state["totals"]["discount"] > 0
    assert started["coupons"][0]["code"] == "welcome10"


def test_checkout_with_only_zero_counts_is_refused_and_changes_nothing(shop: CartApplication) -> None:
    token = new_token()
    run(shop, token, {"type": "add", "product_id": 2})
    refusal = refused(shop, token, {"type": "start_checkout", "lines": [{"product_id": 1, "count": 0}]})
    assert refusal.code == "cart_empty"
    assert types(shop, token) == ["Started", "ItemAdded", "CommandRefused"]
    assert [line["product_id"] for line in shop.state(token)["lines"]] == [2]


def test_checkout_drops_a_coupon_the_replaced_cart_no_longer_meets(shop: CartApplication) -> None:
    token = new_token()
    state = run(shop, token, {"type": "add", "product_id": 1})
    run(shop, token, {"type": "set_count", "line_id": state["lines"][0]["line_id"], "count": 2})
    run(shop, token, {"type": "apply_coupon", "code": "save20"})
    state = run(shop, token, {"type": "start_checkout", "lines": [{"product_id": 1, "count": 1}]})
    assert state["coupons"] == [] and state["checkout_started"] is True
    assert types(shop, token)[-2:] == ["CouponRemoved", "CheckoutStarted"]


def test_checkout_without_lines_still_records_the_hand_off(shop: CartApplication) -> None:
    token = new_token()
    run(shop, token, {"type": "add", "product_id": 2})
    assert run(shop, token, {"type": "start_checkout"})["checkout_started"] is True
