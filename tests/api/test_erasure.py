"""Erasing a shopper (docs/checkout.md "Personal data"; ``services/api/erasure.py``): a shopper
who ordered with a coupon, wrote to support and confirmed a newsletter sign-up, all through the
real API, is erased by address with the ``erase-personal-data`` CLI; afterwards no column of any
table (the schema reflected, on SQLite and PostgreSQL) and no stored cart event or snapshot (raw
bytes) holds the address in any letter case. Also: erasing by order number erases the buyer
everywhere, bookkeeping stays, other shoppers are untouched, and bad input is refused."""

from __future__ import annotations

import json
import re
import secrets
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text
from typer.testing import CliRunner

from services.api.app import create_app
from services.api.cli import app as cli
from services.cart.projection import build_projector
from services.checkout.models import Order, OrderCustomer, OrderLine
from services.discounts.models import Coupon
from services.shared import db as shared_db
from services.shared.ratelimit import reset_limits
from services.shared.settings import get_settings
from tests.checkout.conftest import seed as seed_checkout
from tests.factories import create_product
from tests.mailbox import read_mailbox

SHOPPER = "Erika.Mustermann@Example.com"  # as typed; the scan looks for any letter case
BYSTANDER = "max.muster@example.org"
PRODUCT_ID = 81_001
COUPON = "erase10"
RELEVANT_TABLES = {
    "order_customers",
    "contact_messages",
    "newsletter_subscriptions",
    "mail_outbox",
    "coupons",
}


@pytest.fixture
def shop(db_url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[TestClient]:
    """The whole app on a seeded database (checkout's test catalogue, a product, a 10 % coupon
    limited to 3 uses per shopper), mail in the outbox, rate limits off, no projector thread
    (the test rebuilds the read model itself before it scans)."""
    for name, value in {
        "MAIL_BACKEND": "outbox",
        "RUN_PROJECTIONS": "false",
        "RATE_LIMIT_PLACE_ORDER": "",
        "RATE_LIMIT_CONTACT": "",
        "RATE_LIMIT_NEWSLETTER": "",
        "WEBAPP_DIST": str(tmp_path / "no-dist"),
    }.items():
        monkeypatch.setenv(name, value)
    get_settings.cache_clear()
    reset_limits()
    with shared_db.get_sessionmaker()() as session:
        seed_checkout(session)
        create_product(session, id=PRODUCT_ID, name="Erasure Mouse", sku="ER-1", regular_price_eur=5000)
        session.add(Coupon(code=COUPON, discount_type="percent", amount=1000, usage_limit_per_user=3))
        session.commit()
    with TestClient(create_app()) as client:
        yield client
    reset_limits()


def _ok(answer: Any, status: int = 200) -> Any:
    assert answer.status_code == status, answer.text
    return answer.json()


def order_with_coupon(http: TestClient, email: str) -> dict[str, Any]:
    """A cart (coupon applied through the cart without an email, as the storefront does),
    handed to checkout and ordered by ``email``; the order JSON."""
    token = secrets.token_urlsafe(32)
    headers = {"X-Cart-Token": token}
    _ok(http.post("/api/cart", headers=headers, json={"country": "DE"}), 201)
    for command in (
        {"type": "add", "product_id": PRODUCT_ID},
        {"type": "apply_coupon", "code": COUPON.upper()},
        {"type": "start_checkout"},
    ):
        _ok(http.post("/api/cart/commands", headers=headers, json=command))
    form = {
        "email": email,
        "first_name": "Erika",
        "last_name": "Mustermann",
        "address_1": "Heidestraße 17",
        "city": "Köln",
        "postcode": "51147",
        "country": "DE",
        "phone": "+49 221 555 0101",
        "customer_note": f"Please ring twice, or mail me at {email}",
        "shipping_method": "de_standard",
        "payment_method": "bacs",
        "terms_accepted": True,
    }
    placed = http.post(
        "/api/checkout/orders", headers={**headers, "Idempotency-Key": secrets.token_hex(8)}, json=form
    )
    order = _ok(placed, 201)["order"]
    assert [c["code"] for c in order["coupons"]] == [COUPON], order
    return order


def write_to_support(http: TestClient, email: str) -> None:
    """A contact message from ``email`` that also mentions the address in its text."""
    body = {
        "email": email,
        "name": "Erika Mustermann",
        "message": f"My order has not arrived. Reach me at {email.upper()} please.",
        "topic": "Online Store – Questions about our store and your shipment",
    }
    _ok(http.post("/api/mail", json=body))


def sign_up_and_confirm(http: TestClient, email: str) -> None:
    """Newsletter sign-up, then the confirm link from the mail (read as an admin) opened."""
    _ok(http.post("/api/newsletter", json={"email": email, "tags": ["storefront"], "source": "footer"}))
    links = [
        re.search(r"/newsletter/confirm\?token=([A-Za-z0-9_-]+)", m["text"])
        for m in read_mailbox(http.app, email)
    ]
    [token] = [link.group(1) for link in links if link]
    assert _ok(http.post("/api/newsletter/confirm", json={"token": token}))["status"] == "confirmed"


def shopper_does_everything(http: TestClient, email: str) -> dict[str, Any]:
    """Order with a coupon, a support message and a confirmed newsletter sign-up; the order."""
    order = order_with_coupon(http, email)
    write_to_support(http, email)
    sign_up_and_confirm(http, email)
    return order


def _text_of(value: Any) -> bytes:
    """A stored value as bytes to search: text as UTF-8, raw bytes as they are, JSON-ish
    values (PostgreSQL returns them parsed) serialised without escaping."""
    if value is None:
        return b""
    if isinstance(value, bytes | bytearray | memoryview):
        return bytes(value)
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False).encode()
    return str(value).encode()


def scan(address: str, *, events: bool = True) -> dict[str, int]:
    """Every row of every table of the database (names from the reflected schema, the event
    store's tables included on PostgreSQL) and, on SQLite, of the event store's own file:
    ``{table.column: rows whose value holds address}`` case-insensitively, bytes included.
    ``events=False`` leaves the cart event store out (both engines)."""
    needle = address.lower().encode()
    hits: dict[str, int] = {}

    def look(table: str, columns: list[str], rows: Any) -> None:
        for row in rows:
            for column, value in zip(columns, row, strict=True):
                if needle in _text_of(value).lower():
                    hits[f"{table}.{column}"] = hits.get(f"{table}.{column}", 0) + 1

    engine = shared_db.get_engine()
    tables = inspect(engine).get_table_names()
    assert RELEVANT_TABLES <= set(tables)
    with engine.connect() as conn:
        for table in tables:
            if not events and _is_event_table(table):
                continue
            result = conn.execute(text(f'SELECT * FROM "{table}"'))
            look(table, list(result.keys()), result)
    settings = get_settings()
    if not events:
        return hits
    if engine.dialect.name == "sqlite":
        events_file = settings.data_dir / "cart-events.sqlite3"
        with sqlite3.connect(events_file) as events:
            names = [n for (n,) in events.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            assert {"stored_events", "stored_snapshots"} <= set(names)
            for table in names:
                cursor = events.execute(f'SELECT * FROM "{table}"')
                look(f"events:{table}", [d[0] for d in cursor.description], cursor)
    else:
        assert any(_is_event_table(t) for t in tables), tables  # the event store lives in this schema
    return hits


def _is_event_table(table: str) -> bool:
    """Whether ``table`` is one of the event store's (``eventsourcing``'s events, snapshots and
    tracking tables of the cart application on PostgreSQL)."""
    return table.startswith("cart") and table != "cart_current"


def event_rows() -> int:
    """How many cart events are stored (so the event part of the scan is not vacuous)."""
    engine = shared_db.get_engine()
    if engine.dialect.name == "sqlite":
        with sqlite3.connect(get_settings().data_dir / "cart-events.sqlite3") as events:
            return int(events.execute("SELECT count(*) FROM stored_events").fetchone()[0])
    tables = [t for t in inspect(engine).get_table_names() if _is_event_table(t) and t.endswith("_events")]
    with engine.connect() as conn:
        return sum(int(conn.execute(text(f'SELECT count(*) FROM "{t}"')).scalar_one()) for t in tables)


def erase(*args: str) -> Any:
    """Run ``erase-personal-data`` with ``args`` on the configured database."""
    return CliRunner().invoke(cli, ["erase-personal-data", *args])


def test_an_erased_shopper_is_nowhere_in_any_table_or_event(shop: TestClient) -> None:
    order = shopper_does_everything(shop, SHOPPER)
    bystander_order = shopper_does_everything(shop, BYSTANDER)
    build_projector().rebuild()  # the cart read model holds everything the log says
    assert event_rows() >= 8

    before = scan(SHOPPER)
    for table in (
        "order_customers",
        "contact_messages",
        "newsletter_subscriptions",
        "mail_outbox",
        "coupons",
    ):
        assert any(key.startswith(f"{table}.") for key in before), (table, before)

    result = erase("--email", SHOPPER.upper())
    assert result.exit_code == 0, result.output
    assert "orders=1, contact_messages=1, newsletter=yes" in result.output

    build_projector().rebuild()
    assert scan(SHOPPER) == {}

    # bookkeeping stays: the order, its figures and lines; the coupon use still counts
    with shared_db.get_sessionmaker()() as session:
        kept = session.get(Order, order["id"])
        assert kept is not None and (kept.total, kept.discount) == (order["total"], order["discount"])
        assert session.query(OrderLine).filter_by(order_id=order["id"]).count() == 1
        customer = session.get(OrderCustomer, order["id"])
        assert customer.erased_at is not None and customer.country == "DE"
        coupon = session.query(Coupon).filter_by(code=COUPON).one()
        assert len(coupon.used_by) == 2 and BYSTANDER in coupon.used_by
    # the other shopper is untouched
    assert scan(BYSTANDER)
    assert (
        _ok(
            shop.get(f"/api/wc/orders/{bystander_order['id']}", params={"key": bystander_order["order_key"]})
        )["billing"]["email"]
        == BYSTANDER
    )


def test_erasing_by_order_number_erases_the_buyer_everywhere(shop: TestClient) -> None:
    order = shopper_does_everything(shop, SHOPPER)
    second = order_with_coupon(shop, SHOPPER.lower())
    result = erase(str(second["id"]))
    assert result.exit_code == 0, result.output
    assert f"the buyer of order {second['id']}" in result.output and "orders=2" in result.output
    assert scan(SHOPPER, events=False) == {}  # events: the test above
    with shared_db.get_sessionmaker()() as session:
        for order_id in (order["id"], second["id"]):
            assert session.get(OrderCustomer, order_id).erased_at is not None
    again = erase(str(second["id"]))  # already erased: harmless
    assert again.exit_code == 0 and "it was already" in again.output, again.output
    unknown = erase("123456789")
    assert unknown.exit_code == 1 and "no order 123456789" in unknown.output, unknown.output


def test_an_erased_subscriber_gets_no_newsletter_and_can_sign_up_again(shop: TestClient) -> None:
    sign_up_and_confirm(shop, SHOPPER)
    assert erase("--email", SHOPPER).exit_code == 0
    result = CliRunner().invoke(cli, ["send-newsletter", "--subject", "News", "--text", __file__])
    assert result.exit_code == 0 and "for 0 confirmed" in result.output, result.output
    _ok(shop.post("/api/newsletter", json={"email": SHOPPER, "source": "footer"}))  # a fresh start
    [mail] = read_mailbox(shop.app, SHOPPER)
    assert "/newsletter/confirm?token=" in mail["text"]


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        ([], 2, "give an ORDER_ID or --email"),
        (["123456789", "--email", SHOPPER], 2, "give an ORDER_ID or --email"),
        (["--email", ""], 1, "not an email address"),
        (["--email", "%"], 1, "not an email address"),
    ],
)
def test_the_cli_refuses_bad_input(shop: TestClient, args: list[str], code: int, message: str) -> None:
    result = erase(*args)
    assert result.exit_code == code and message in result.output, result.output


def test_erasing_an_unknown_address_changes_nothing(shop: TestClient, db_url: str) -> None:
    shopper_does_everything(shop, BYSTANDER)
    before = scan(BYSTANDER)
    result = erase("--email", "nobody@example.net")
    assert result.exit_code == 0 and "orders=0, contact_messages=0, newsletter=no" in result.output
    assert scan(BYSTANDER) == before
