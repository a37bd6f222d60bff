"""Coupons through ``/api/cart/commands`` on the test database (SQLite, or PostgreSQL with
TEST_DATABASE_URL): every refusal code with its message, the refusal in the history, an
idempotent apply, the re-check after a change, and the atomic ``start_checkout`` hand-off."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlalchemy.orm import Session

from services.api.app import create_app
from services.cart.deps import get_cart_app
from services.discounts.models import Coupon
from services.shared import db as shared_db
from services.shared.settings import get_settings
from tests.cart.test_api import seed as seed_catalogue
from tests.conftest import seeded_database
from tests.factories import create_product
from tests.privacy_scan import assert_no_email_in_store

COMMANDS = "/api/cart/commands"

COUPONS: list[dict[str, Any]] = [
    {"id": 1, "code": "welcome10", "discount_type": "percent", "amount": 1000},
    {"id": 2, "code": "blackfriday25", "discount_type": "percent", "amount": 2500, "date_expires": datetime(2020, 12, 1)},
    {"id": 3, "code": "save20", "discount_type": "fixed_cart", "amount": 2000, "minimum_amount": 10000},
    {"id": 4, "code": "creator30", "discount_type": "percent", "amount": 3000, "individual_use": True, "maximum_amount": 50000},
    {"id": 5, "code": "mice5", "discount_type": "percent", "amount": 500, "usage_limit": 100, "usage_count": 100},
    {"id": 6, "code": "staff40", "discount_type": "percent", "amount": 4000, "email_restrictions": ["*@halvard.gg"]},
    {"id": 7, "code": "thanks5", "discount_type": "percent", "amount": 500, "usage_limit_per_user": 1, "used_by": ["repeat@example.com"]},
    {"id": 8, "code": "fullprice10", "discount_type": "fixed_cart", "amount": 1000, "exclude_sale_items": True, "excluded_product_ids": [2]},
    {"id": 9, "code": "keyboard15", "discount_type": "percent", "amount": 1500, "product_categories": [99]},
    {"id": 10, "code": "gear5", "discount_type": "fixed_product", "amount": 500, "product_categories": [15]},
]  # fmt: skip


def seed(session: Session) -> None:
    """The cart API's catalogue (tests/cart/test_api.py) plus a sale tee (12) and the coupons."""
    seed_catalogue(session)
    create_product(
        session,
        id=12,
        name="Rune Tee",
        sku="HV-TEE",
        regular_price_eur=2999,
        sale_price_eur=1999,
        regular_price_usd=2999,
    )
    for row in COUPONS:
        session.add(Coupon(**{"description": "", **row}))
    session.commit()


@pytest.fixture(scope="module")
def http(tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None) -> Iterator[TestClient]:
    """A client on one migrated, seeded database for this module (tests use their own carts)."""
    with (
        seeded_database(tmp_path_factory, pg_schema_url, "coupons-api", seed),
        TestClient(create_app()) as client,
    ):
        yield client
        assert_no_email_in_store(get_cart_app())  # every flow of the module (docs/events.md)


def send(http: TestClient, token: str, command: dict[str, Any], key: str | None = None) -> Any:
    headers = {"X-Cart-Token": token}
    if key is not None:
        headers["Idempotency-Key"] = key
    return http.post(COMMANDS, headers=headers, json=command)


def cart_with(http: TestClient, *items: tuple[int, int]) -> str:
    """A new cart holding ``(product_id, count)`` items; its token."""
    token = secrets.token_urlsafe(32)
    for product_id, count in items:
        answer = send(http, token, {"type": "add", "product_id": product_id})
        assert answer.status_code == 200, answer.text
        if count > 1:
            line = answer.json()["cart"]["lines"][-1]["line_id"]
            assert (
                send(http, token, {"type": "set_count", "line_id": line, "count": count}).status_code == 200
            )
    return token


def history(http: TestClient, token: str) -> list[dict[str, Any]]:
    answer = http.get("/api/cart/events", headers={"X-Cart-Token": token})
    assert answer.status_code == 200, answer.text
    return answer.json()


REFUSALS = [
    # (items, commands before, the apply command, status, code, message)
    ([(1, 1)], [], {"code": "NOPE"}, 422, "coupon_not_found", 'Coupon "NOPE" does not exist!'),
    ([(1, 1)], [], {"code": "blackfriday25"}, 422, "coupon_expired", 'Coupon "blackfriday25" has expired.'),
    ([(1, 1)], [], {"code": "save20"}, 409, "coupon_minimum_spend", 'The minimum spend for coupon "save20" is €100.00.'),
    ([(10, 4)], [], {"code": "creator30"}, 409, "coupon_maximum_spend",
     'The maximum spend for coupon "creator30" is €500.00.'),
    ([(1, 1)], [], {"code": "mice5"}, 409, "coupon_usage_limit", 'Coupon "mice5" usage limit has been reached.'),
    ([(1, 1), (2, 1)], [], {"code": "fullprice10"}, 409, "coupon_excluded_items",
     'Sorry, coupon "fullprice10" is not applicable to the products: Switch Pack.'),
    ([(1, 1), (12, 1)], [], {"code": "fullprice10"}, 409, "coupon_sale_items",
     'Sorry, coupon "fullprice10" is not valid for sale items.'),
    ([(1, 1)], [], {"code": "keyboard15"}, 409, "coupon_not_applicable",
     'Sorry, coupon "keyboard15" is not applicable to selected products.'),
    ([(1, 1)], ["welcome10"], {"code": "creator30"}, 409, "coupon_individual_use",
     'Sorry, coupon "creator30" cannot be used in conjunction with other coupons.'),
    ([(1, 1)], ["creator30"], {"code": "welcome10"}, 409, "coupon_individual_use",
     'Sorry, coupon "creator30" has already been applied and cannot be used in conjunction with other coupons.'),
    ([(1, 1)], ["welcome10"], {"code": "WELCOME10"}, 409, "coupon_already_applied",
     'Coupon code "welcome10" already applied!'),
]  # fmt: skip


@pytest.mark.parametrize(
    ("items", "before", "command", "status", "code", "message"), REFUSALS, ids=[r[4] for r in REFUSALS]
)
def test_each_refusal_has_its_code_and_message_and_is_in_the_history(
    http: TestClient,
    items: list[tuple[int, int]],
    before: list[str],
    command: dict[str, Any],
    status: int,
    code: str,
    message: str,
) -> None:
    token = cart_with(http, *items)
    for applied in before:
        assert send(http, token, {"type": "apply_coupon", "code": applied}).status_code == 200
    answer = send(http, token, {"type": "apply_coupon", **command})
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert (body["code"], body["message"]) == (code, message)
    assert [c["code"] for c in body["cart"]["coupons"]] == before
    last = history(http, token)[-1]
    assert last["type"] == "CommandRefused"
    assert (last["data"]["code"], last["data"]["message"], last["data"]["status"]) == (code, message, status)


def test_email_rules_wait_for_checkout_and_an_email_sent_is_ignored(http: TestClient) -> None:
    """docs/events.md, "Coupons": the cart applies email-restricted and per-user-limited coupons
    without the email (checkout checks them); an old client's ``email`` field is dropped before
    it is hashed or recorded, so it appears nowhere in the cart's events."""
    token = cart_with(http, (1, 1))
    for code in ("staff40", "thanks5"):
        answer = send(http, token, {"type": "apply_coupon", "code": code, "email": "Repeat@example.com"})
        assert answer.status_code == 200, answer.text
    assert [c["code"] for c in answer.json()["cart"]["coupons"]] == ["staff40", "thanks5"]
    events = history(http, token)
    assert "@" not in str(events)
    applied = [e["data"]["coupon"] for e in events if e["type"] == "CouponApplied"]
    assert [c["code"] for c in applied] == ["staff40", "thanks5"]
    assert all("used_by" not in c and "email_restrictions" not in c for c in applied)
    assert applied[1]["usage_limit_per_user"] == 1  # the numeric limit stays


def test_removing_a_coupon_not_applied_is_refused(http: TestClient) -> None:
    token = cart_with(http, (1, 1))
    answer = send(http, token, {"type": "remove_coupon", "code": "welcome10"})
    assert answer.status_code == 409
    assert answer.json()["code"] == "coupon_not_applied"


def test_an_applied_coupon_shows_in_the_cart_with_the_discount_line(http: TestClient) -> None:
    token = cart_with(http, (1, 2))
    answer = send(http, token, {"type": "apply_coupon", "code": "welcome10", "email": None})
    assert answer.status_code == 200, answer.text
    cart = answer.json()["cart"]
    assert cart["coupons"] == [
        {
            "code": "welcome10",
            "discount_type": "percent",
            "amount": 1000,
            "discount": 1200,
            "free_shipping": False,
        }
    ]
    assert (cart["totals"]["subtotal"], cart["totals"]["discount"], cart["totals"]["total"]) == (
        11998,
        1200,
        10798,
    )
    assert http.get("/api/cart", headers={"X-Cart-Token": token}).json()["cart"] == cart
    assert history(http, token)[-1]["data"]["coupon"]["code"] == "welcome10"


def test_a_fixed_product_coupon_counts_the_products_category(http: TestClient) -> None:
    token = cart_with(http, (1, 2), (2, 1))
    cart = send(http, token, {"type": "apply_coupon", "code": "gear5"}).json()["cart"]
    assert cart["totals"]["discount"] == 1000  # 5.00 per mouse (category 15); the pack has none


def test_applying_with_the_same_key_again_records_nothing_new(http: TestClient) -> None:
    token = cart_with(http, (1, 1))
    first = send(http, token, {"type": "apply_coupon", "code": "welcome10"}, key="apply-1")
    again = send(http, token, {"type": "apply_coupon", "code": "welcome10"}, key="apply-1")
    assert first.status_code == again.status_code == 200
    assert again.json()["replayed"] is True and again.json()["cart"] == first.json()["cart"]
    assert [e["type"] for e in history(http, token)].count("CouponApplied") == 1
    refused = send(http, token, {"type": "apply_coupon", "code": "nope"}, key="apply-2")
    repeated = send(http, token, {"type": "apply_coupon", "code": "nope"}, key="apply-2")
    assert refused.status_code == repeated.status_code == 422
    assert repeated.json()["replayed"] is True
    assert [e["type"] for e in history(http, token)].count("CommandRefused") == 1


def test_a_coupon_is_removed_when_a_change_makes_it_invalid(http: TestClient) -> None:
    token = cart_with(http, (1, 2))
    cart = send(http, token, {"type": "apply_coupon", "code": "save20"}).json()["cart"]
    assert cart["totals"]["discount"] == 2000
    line = cart["lines"][0]["line_id"]
    cart = send(http, token, {"type": "set_count", "line_id": line, "count": 1}).json()["cart"]
    assert cart["coupons"] == [] and cart["totals"]["total"] == 5999
    removed = history(http, token)[-1]
    assert removed["type"] == "CouponRemoved"
    assert (removed["data"]["reason"], removed["data"]["refusal_code"]) == (
        "no_longer_valid",
        "coupon_minimum_spend",
    )


def test_a_coupon_edited_in_the_catalogue_is_read_live(http: TestClient) -> None:
    token = cart_with(http, (1, 1))
    url = str(get_settings().database_url)
    with shared_db.get_sessionmaker(url)() as session:
        session.add(
            Coupon(id=50, code="flash", description="", discount_type="percent", amount=100, usage_limit=1)
        )
        session.commit()
    assert send(http, token, {"type": "apply_coupon", "code": "flash"}).status_code == 200
    # The edit is the transaction's first statement: on SQLite, a transaction that read before
    # another connection (the projector) committed cannot then write ("database is locked").
    with shared_db.get_sessionmaker(url)() as session:
        assert session.execute(update(Coupon).where(Coupon.id == 50).values(usage_count=1)).rowcount == 1
        session.commit()
    other = cart_with(http, (1, 1))
    answer = send(http, other, {"type": "apply_coupon", "code": "flash"})
    assert (answer.status_code, answer.json()["code"]) == (409, "coupon_usage_limit")


def test_continue_to_checkout_replaces_the_cart_atomically(http: TestClient) -> None:
    token = cart_with(http, (2, 3))
    assert send(http, token, {"type": "apply_coupon", "code": "welcome10"}).status_code == 200
    versions = len(history(http, token))
    answer = send(
        http,
        token,
        {
            "type": "start_checkout",
            "lines": [
                {
                    "product_id": 1,
                    "variation_id": None,
                    "count": 2,
                    "configuration": None,
                    "recommended_by": None,
                },
                {"product_id": 4, "count": 1},
                {"product_id": 6, "count": 1},
                {"product_id": 2, "count": 0},
                {"product_id": 26907, "count": 1, "configuration": ["case:alu"], "recommended_by": -1},
            ],
        },
        key="checkout-1",
    )
    assert answer.status_code == 200, answer.text
    cart = answer.json()["cart"]
    assert [(line["product_id"], line["count"]) for line in cart["lines"]] == [(1, 2), (26907, 1)]
    assert cart["checkout_started"] is True and cart["coupons"][0]["code"] == "welcome10"
    new = history(http, token)[versions:]
    assert [e["type"] for e in new] == [
        "Cleared",
        "ItemAdded",
        "ItemCountSet",
        "ItemAdded",
        "CheckoutStarted",
    ]
    assert new[-1]["data"]["totals"]["total"] == cart["totals"]["total"]
    again = send(
        http, token, {"type": "start_checkout", "lines": [{"product_id": 1, "count": 2}]}, key="checkout-1"
    )
    assert again.status_code == 409 and again.json()["code"] == "idempotency_key_reused"


@pytest.mark.parametrize(
    "command",
    [
        {"type": "apply_coupon", "code": ""},
        {"type": "apply_coupon", "code": "x" * 65},
        {"type": "apply_coupon", "code": "welcome\u000010"},  # NUL: a 500 on PostgreSQL (probing)
        {"type": "remove_coupon", "code": "\u0000"},
        {"type": "apply_coupon", "code": "lina@halvard.gg"},  # an email typed as a code: never recorded
        {"type": "remove_coupon", "code": "Lina@Halvard.gg"},
        {"type": "set_payment_intent", "intent": "pi_123 for lina@halvard.gg"},  # a closed set only
        {"type": "set_payment_intent", "intent": ""},
        {"type": "start_checkout", "lines": [{"product_id": 1, "count": 11}]},
        {"type": "start_checkout", "lines": [{"product_id": 0, "count": 1}]},
    ],
)
def test_malformed_coupon_and_checkout_commands_are_422(http: TestClient, command: dict[str, Any]) -> None:
    answer = send(http, secrets.token_urlsafe(32), command)
    assert answer.status_code == 422 and answer.json()["code"] == "invalid_request"
