"""The order link of the confirmation mail opens the order in any browser (docs/spec.md section
2.12; docs/checkout.md "Order links"): a signed key in the URL fragment, sent back in the
``X-Order-Key`` header; another order's key, or a wrong one, gets the same 404 as a missing
order; the checkout's key and old ``?key=`` links keep working. Runs on SQLite and, with
TEST_DATABASE_URL, on PostgreSQL."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from services.checkout.links import signed_key
from services.checkout.models import OrderLine
from services.shared.settings import follow_serve_address, get_settings
from tests.checkout.conftest import cart, place, product
from tests.mailbox import read_mailbox

NOT_FOUND = (404, {"code": "order_not_found", "message": "Order not found."})
LINK = re.compile(r"View your order: (\S+)")


@pytest.fixture
def fresh_settings(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """``monkeypatch`` whose environment changes the settings see, restored afterwards."""
    yield monkeypatch
    monkeypatch.undo()
    get_settings.cache_clear()


def _placed(
    http: TestClient, db: Session, email: str, **fields: Any
) -> tuple[dict[str, Any], str, dict[str, Any]]:
    """``(order, checkout key, confirmation mail)`` of a new bank-transfer order by ``email``."""
    body = place(http, cart(http, (product(db, **fields), 1)), email=email).json()
    order = body["order"]
    [mail] = [m for m in read_mailbox(http.app, email) if f"#{order['number']}" in m["subject"]]
    return order, body["order_key"], mail


def _link_key(mail: dict[str, Any]) -> tuple[str, str]:
    """``(link, key)``: the mail's "View your order" link and the key in its fragment."""
    link = LINK.search(mail["text"]).group(1)  # type: ignore[union-attr]
    return link, link.split("#key=", 1)[1]


def test_the_signed_key_of_the_mailed_link_opens_the_order_from_the_header(
    http: TestClient, db: Session
) -> None:
    order, _, mail = _placed(http, db, "link-reader@example.com")
    _, key = _link_key(mail)
    stranger = TestClient(http.app)  # another browser: no cookies, no checkout key
    answer = stranger.get(f"/api/wc/orders/{order['id']}", headers={"X-Order-Key": key})
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "no-store"
    read = answer.json()
    assert (read["id"], read["status"], read["status_label"]) == (order["id"], "on-hold", "On hold")
    assert read["billing"]["country_name"] == read["shipping_address"]["country_name"] == "Germany"
    assert read["payment_instructions"]["amount"] == read["total"]
    assert read["shipments"] == []


def test_another_orders_signed_key_or_a_wrong_one_gets_the_same_404_as_a_missing_order(
    http: TestClient, db: Session
) -> None:
    order, _, mail = _placed(http, db, "link-a@example.com")
    other, _, _ = _placed(http, db, "link-b@example.com")
    _, key = _link_key(mail)
    tampered = key[:-2] + ("AA" if not key.endswith("AA") else "BB")
    for order_id, sent in (
        (other["id"], key),  # order A's key on order B
        (order["id"], tampered),
        (order["id"], signed_key(order["id"] + 1)),
        (123456789, signed_key(123456789)),  # a validly signed id that is no order
        (order["id"], ""),
    ):
        answer = http.get(f"/api/wc/orders/{order_id}", headers={"X-Order-Key": sent})
        assert (answer.status_code, answer.json()) == NOT_FOUND


def test_the_checkout_key_works_from_the_header_and_old_key_query_links_still_work(
    http: TestClient, db: Session
) -> None:
    order, checkout_key, mail = _placed(http, db, "old-links@example.com")
    _, link_key = _link_key(mail)
    url = f"/api/wc/orders/{order['id']}"
    assert http.get(url, headers={"X-Order-Key": checkout_key}).status_code == 200
    assert http.get(url, params={"key": checkout_key}).status_code == 200
    assert http.get(url, params={"key": link_key}).status_code == 200
    # The header wins over the query when both are sent.
    both = http.get(url, params={"key": checkout_key}, headers={"X-Order-Key": "wc_order_wrong"})
    assert (both.status_code, both.json()) == NOT_FOUND


def test_the_confirmation_mail_links_to_the_order_page_with_the_key_in_the_fragment_and_tells_how_to_pay(
    http: TestClient, db: Session
) -> None:
    order, checkout_key, mail = _placed(http, db, "mail-parts@example.com", name="Fragment Mouse")
    link, key = _link_key(mail)
    number = order["number"]
    assert link == f"{get_settings().mail.shop_url.rstrip('/')}/order/{number}#key={key}"
    assert key.startswith("ol_") and checkout_key not in mail["text"] + mail["html"]
    assert f'href="{link}"' in mail["html"] and ">View your order</a>" in mail["html"]
    text = mail["text"]
    for expected in (
        "Order number: " + number,
        "Reference: " + number,
        "Amount: €54.90",
        f"Please transfer exactly €54.90 and use your order number {number} as the payment reference.",
        "IBAN: DE89 3704 0044 0532 0130 00",
        "Status: On hold",
        "Germany",
        "1 x Fragment Mouse",
        "incl. 19% MwSt.",  # the included tax names its rate (docs/spec.md section 9 "Tax lines")
        "€8.77",  # 54.90 x 19 / 119
    ):
        assert expected in text, expected
    assert "Includes" not in text
    for expected in ("€54.90", "DE89 3704 0044 0532 0130 00", "Germany", "On hold", "HALVARD"):
        assert expected in mail["html"]
    assert "pre-order" not in text


def test_the_mail_link_starts_with_shop_url_when_it_is_set(
    http: TestClient, db: Session, fresh_settings: pytest.MonkeyPatch
) -> None:
    fresh_settings.setenv("SHOP_URL", "https://shop.example/")
    get_settings.cache_clear()
    order, _, mail = _placed(http, db, "set-url@example.com")
    link, _ = _link_key(mail)
    assert link.startswith(f"https://shop.example/order/{order['id']}#key=ol_")
    # serve does not override a SHOP_URL the operator set
    assert follow_serve_address("127.0.0.1", 8123) == "https://shop.example/"


def test_without_shop_url_the_mail_link_follows_the_port_serve_listens_on(
    http: TestClient, db: Session, fresh_settings: pytest.MonkeyPatch
) -> None:
    fresh_settings.delenv("SHOP_URL", raising=False)
    get_settings.cache_clear()
    assert follow_serve_address("127.0.0.1", 8123) == "http://127.0.0.1:8123"
    order, _, mail = _placed(http, db, "serve-port@example.com")
    link, _ = _link_key(mail)
    assert link.startswith(f"http://127.0.0.1:8123/order/{order['id']}#key=ol_")


def test_the_mail_escapes_what_the_buyer_typed(http: TestClient, db: Session) -> None:
    token = cart(http, (product(db, name="Escape Mouse"), 1))
    body = place(
        http,
        token,
        email="escape@example.com",
        first_name="<b>Ada</b>",
        city='Berlin"><img src=x onerror=alert(1)>',
    ).json()
    [mail] = [
        m for m in read_mailbox(http.app, "escape@example.com") if body["order"]["number"] in m["subject"]
    ]
    assert "<b>Ada</b>" not in mail["html"] and "&lt;b&gt;Ada&lt;/b&gt;" in mail["html"]
    assert "<img" not in mail["html"] and "&lt;img src=x onerror=alert(1)&gt;" in mail["html"]
    assert "Hi <b>Ada</b>," in mail["text"]  # the text part is text


def test_a_pre_order_line_is_recorded_shown_and_announced_in_the_mail(http: TestClient, db: Session) -> None:
    backordered = product(
        db,
        name="Backorder Mouse",
        manage_stock=True,
        stock_quantity=0,
        backorders="yes",
        stock_status="onbackorder",
    )
    in_stock = product(db, name="Shelf Mouse")
    body = place(http, cart(http, (backordered, 1), (in_stock, 1)), email="preorder@example.com").json()
    order = body["order"]
    flags = {line["name"]: line["preorder"] for line in order["lines"]}
    assert flags == {"Backorder Mouse": True, "Shelf Mouse": False} and order["preorder"] is True
    stored = db.scalars(
        select(OrderLine).where(OrderLine.order_id == order["id"]).order_by(OrderLine.position)
    )
    assert [line.preorder for line in stored] == [True, False]
    read = http.get(f"/api/wc/orders/{order['id']}", headers={"X-Order-Key": body["order_key"]}).json()
    assert read["preorder"] is True and [line["preorder"] for line in read["lines"]] == [True, False]
    [mail] = [m for m in read_mailbox(http.app, "preorder@example.com") if order["number"] in m["subject"]]
    assert "Your order includes pre-order items." in mail["text"]
    assert "1 x Backorder Mouse [" in mail["text"] and "] - pre-order" in mail["text"]
    assert "Your order includes pre-order items." in mail["html"]
