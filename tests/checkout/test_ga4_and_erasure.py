"""GA4 ``begin_checkout``/``purchase`` recorded exactly once with GA4 parameter names; the
confirmation mail in the outbox; erasing an order's personal data; the place-order rate limit."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from services.analytics.ga4_models import Ga4Event
from services.checkout.models import OrderCustomer
from services.checkout.service import erase_personal_data
from services.discounts.models import Coupon
from services.mail.models import OutboxMail
from services.shared.ratelimit import reset_limits
from tests.checkout.conftest import cart, command, coupon, place, product
from tests.mailbox import read_mailbox


def events(db: Session, name: str, prefix: str) -> list[Ga4Event]:
    db.rollback()  # a fresh snapshot (SQLite WAL keeps a read transaction's view)
    db.expire_all()  # objects the session still holds (expire_on_commit is off) are re-read
    return list(
        db.scalars(select(Ga4Event).where(Ga4Event.name == name, Ga4Event.event_id.like(prefix + "%")))
    )


def test_begin_checkout_is_recorded_once_per_hand_off(http: TestClient, db: Session) -> None:
    pid = product(db, name="GA Mouse", regular_price_eur=5000)
    token = cart(http, (pid, 2))
    cart_id = http.get("/api/cart", headers={"X-Cart-Token": token}).json()["cart"]["cart_id"]
    for _ in range(3):
        assert (
            http.post(
                "/api/checkout/quote", headers={"X-Cart-Token": token}, json={"country": "DE"}
            ).status_code
            == 200
        )
    [event] = events(db, "begin_checkout", f"begin_checkout:{cart_id}:")
    assert event.params == {
        "currency": "EUR",
        "value": "100.00",
        "items": [{"item_id": f"TM-{pid}", "item_name": "GA Mouse", "price": "50.00", "quantity": 2}],
    }
    # a new hand-off (the cart changed, then start_checkout again) is a new begin_checkout
    command(http, token, {"type": "add", "product_id": pid})
    command(http, token, {"type": "start_checkout"})
    http.post("/api/checkout/quote", headers={"X-Cart-Token": token}, json={"country": "DE"})
    place(http, token)  # records nothing new for this hand-off
    assert len(events(db, "begin_checkout", f"begin_checkout:{cart_id}:")) == 2


def test_a_cart_not_handed_off_records_no_begin_checkout(http: TestClient, db: Session) -> None:
    token = cart(http, (product(db), 1), checkout=False)
    cart_id = http.get("/api/cart", headers={"X-Cart-Token": token}).json()["cart"]["cart_id"]
    http.post("/api/checkout/quote", headers={"X-Cart-Token": token}, json={"country": "DE"})
    assert events(db, "begin_checkout", f"begin_checkout:{cart_id}:") == []


def test_purchase_is_recorded_once_with_ga4_parameters(http: TestClient, db: Session) -> None:
    coupon(db, "GA10")
    pid = product(db, name="GA Keyboard", regular_price_eur=3000)
    token = cart(http, (pid, 2))
    command(http, token, {"type": "apply_coupon", "code": "GA10"})
    order = place(http, token, key="ga-once").json()["order"]
    place(http, token, key="ga-once")
    [event] = events(db, "purchase", f"purchase:{order['id']}")
    assert event.params == {
        "transaction_id": str(order["id"]),
        "currency": "EUR",
        "value": "58.90",  # 60.00 - 6.00 + 4.90
        "tax": "9.40",  # 5890 x 19 / 119 = 940.4
        "shipping": "4.90",
        "coupon": "ga10",
        "items": [
            {
                "item_id": f"TM-{pid}",
                "item_name": "GA Keyboard",
                "price": "30.00",
                "quantity": 2,
                "discount": "3.00",
            }
        ],
    }


def test_the_confirmation_mail_is_in_the_outbox_and_the_dev_mailbox(http: TestClient, db: Session) -> None:
    order = place(http, cart(http, (product(db, name="Mail Mouse"), 1)), email="grace@example.com").json()[
        "order"
    ]
    box = read_mailbox(http.app, "Grace@example.com")
    [mail] = [m for m in box if order["number"] in m["subject"]]
    assert mail["subject"] == f"Your HALVARD order #{order['number']} has been received!"
    for text in (
        "Mail Mouse",
        "€54.90",
        "Direct bank transfer",
        "DE89 3704 0044 0532 0130 00",
        order["number"],
    ):
        assert text in mail["text"] and text in mail["html"]
    assert "wc_order_" not in mail["text"] and "wc_order_" not in mail["html"]


def test_erasing_personal_data_blanks_customer_mail_and_coupon_use(http: TestClient, db: Session) -> None:
    coupon_id = coupon(db, "ERASEME", usage_limit_per_user=5)
    token = cart(http, (product(db), 1))
    command(http, token, {"type": "apply_coupon", "code": "ERASEME"})
    body = place(http, token, email="erase@example.com", customer_note="call me").json()
    order_id = body["order"]["id"]
    assert erase_personal_data(db, order_id) is True
    db.commit()
    db.rollback()  # expire what the session holds
    db.expire_all()  # objects the session still holds (expire_on_commit is off) are re-read
    customer = db.get(OrderCustomer, order_id)
    assert (
        customer.email,
        customer.first_name,
        customer.address_1,
        customer.phone,
        customer.customer_note,
    ) == (
        "",
        "",
        "",
        "",
        "",
    )
    assert customer.erased_at is not None
    read = http.get(f"/api/wc/orders/{order_id}", params={"key": body["order_key"]}).json()
    assert read["personal_data_erased"] is True and read["billing"]["email"] == ""
    assert read["total"] == body["order"]["total"] and read["lines"] == body["order"]["lines"]
    [mail] = db.scalars(select(OutboxMail).where(OutboxMail.reference == f"order:{order_id}")).all()
    assert (mail.to, mail.text, mail.html) == ("", "", "")
    db.rollback()  # end the snapshot and expire what the session holds
    db.expire_all()  # objects the session still holds (expire_on_commit is off) are re-read
    assert db.get(Coupon, coupon_id).used_by == [f"erased:order:{order_id}"]
    assert erase_personal_data(db, 1) is False


def test_placing_orders_is_rate_limited_per_address(
    http: TestClient, db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RATE_LIMIT_PLACE_ORDER", "2/minute")
    reset_limits()
    try:
        token = cart(http, (product(db), 1))
        assert place(http, token, key="rl-1").status_code == 201
        assert place(http, token, key="rl-1").status_code == 200
        limited = place(http, token, key="rl-1")
        assert limited.status_code == 429 and limited.json()["code"] == "rate_limited"
        assert int(limited.headers["retry-after"]) >= 1
    finally:
        monkeypatch.setenv("RATE_LIMIT_PLACE_ORDER", "")
        reset_limits()


def test_the_cli_erases_an_orders_personal_data(http: TestClient, db: Session) -> None:
    from typer.testing import CliRunner

    from services.api.cli import app as cli

    order_id = place(http, cart(http, (product(db), 1)), email="cli@example.com").json()["order"]["id"]
    result = CliRunner().invoke(cli, ["erase-personal-data", str(order_id)])
    assert result.exit_code == 0, result.output
    db.rollback()
    db.expire_all()  # objects the session still holds (expire_on_commit is off) are re-read
    assert db.get(OrderCustomer, order_id).email == ""
    missing = CliRunner().invoke(cli, ["erase-personal-data", "1"])
    assert missing.exit_code == 1
