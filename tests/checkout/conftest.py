"""Fixtures for the checkout tests: one migrated database per module with a small catalogue
(Germany 19 %, France 20 %, the US untaxed), the demo shipping zones, and an HTTP client.
Tests make their own carts (fresh tokens) and, where stock matters, their own products."""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from services.api.app import create_app
from services.cart.deps import get_cart_app
from services.catalog.models import Country, TaxRate
from services.checkout.demo import seed_shipping
from services.configurator.models import (
    ConfiguratorChoice,
)
from services.discounts.models import Coupon
from services.shared import db as shared_db
from services.shared.ratelimit import reset_limits
from tests.conftest import seeded_database
from tests.factories import create_case_configurator, create_category, create_product
from tests.privacy_scan import assert_no_email_in_store

_ids = itertools.count(70_000)


def seed(session: Session) -> None:
    """Countries DE (MwSt. 19 %), FR (TVA 20 %), US (no tax); the demo shipping data; the
    keyboard builder 26907 with a priced and a free configuration choice."""
    session.add_all(
        [
            Country(code="DE", name="Germany", currency="EUR", is_eu=True),
            Country(code="FR", name="France", currency="EUR", is_eu=True),
            Country(code="US", name="United States", currency="USD"),
            TaxRate(country="DE", name="MwSt.", rate_bp=1900),
            TaxRate(country="FR", name="TVA", rate_bp=2000),
        ]
    )
    create_category(session, 15, "keyboards", "Keyboards")
    builder = create_product(
        session,
        id=26907,
        name="Custom Keyboard Builder",
        sku="HV-BUILDER",
        regular_price_eur=19999,
        regular_price_usd=21999,
        is_configurable=True,
    )
    session.flush()
    create_case_configurator(
        session,
        builder,
        ConfiguratorChoice(key="alu", name="Aluminium", extra_eur=1990, extra_usd=1990, position=1),
    )
    session.flush()
    seed_shipping(session)
    session.commit()


@pytest.fixture(scope="module")
def http(tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None) -> Iterator[TestClient]:
    """An HTTP client on one migrated, seeded database for the module (see ``seed``), with the
    place-order rate limit off (one test turns it on) and mail in the outbox."""
    env_vars = {"RATE_LIMIT_PLACE_ORDER": "", "MAIL_BACKEND": "outbox", "RUN_PROJECTIONS": "false"}
    reset_limits()
    try:
        with seeded_database(tmp_path_factory, pg_schema_url, "checkout", seed, env_vars):
            reset_limits()
            with TestClient(create_app()) as client:
                yield client
                # Every cart, coupon and order flow of the module left no email in the cart
                # event store (docs/events.md, "What events never hold").
                assert_no_email_in_store(get_cart_app())
    finally:
        reset_limits()


@pytest.fixture
def db(http: TestClient) -> Iterator[Session]:
    """A session on the module's database (commit what the app must see)."""
    with shared_db.get_sessionmaker()() as session:
        yield session


def product(session: Session, **fields: Any) -> int:
    """A new published product (default €50.00 / $55.00, unmanaged stock); its id."""
    pid = next(_ids)
    values: dict[str, Any] = dict(
        name=f"Test Mouse {pid}", sku=f"TM-{pid}", regular_price_eur=5000, regular_price_usd=5500
    )
    values.update(fields)
    create_product(session, id=pid, **values)
    session.commit()
    return pid


def coupon(session: Session, code: str, **fields: Any) -> int:
    """A new coupon (default: 10 % off, unlimited); its id."""
    values: dict[str, Any] = dict(code=code.lower(), discount_type="percent", amount=1000)
    values.update(fields)
    row = Coupon(**values)
    session.add(row)
    session.commit()
    return row.id


def cart(http: TestClient, *items: tuple[int, int], country: str = "DE", checkout: bool = True) -> str:
    """A new cart for ``country`` holding ``(product_id, count)`` items, handed off to checkout
    (``start_checkout``) unless ``checkout`` is False; its token."""
    token = secrets.token_urlsafe(32)
    started = http.post("/api/cart", headers={"X-Cart-Token": token}, json={"country": country})
    assert started.status_code == 201, started.text
    for product_id, count in items:
        for _ in range(count):
            added = command(http, token, {"type": "add", "product_id": product_id})
            assert added.status_code == 200, added.text
    if checkout:
        handed = command(http, token, {"type": "start_checkout"})
        assert handed.status_code == 200, handed.text
    return token


def command(http: TestClient, token: str, body: dict[str, Any]) -> Any:
    """Send a cart command."""
    return http.post("/api/cart/commands", headers={"X-Cart-Token": token}, json=body)


def form(**overrides: Any) -> dict[str, Any]:
    """A valid checkout form for Germany (fields overridden by ``overrides``; None drops one)."""
    body: dict[str, Any] = {
        "email": "ada@example.com",
        "first_name": "Ada",
        "last_name": "Lovelace",
        "address_1": "Unter den Linden 1",
        "city": "Berlin",
        "postcode": "10117",
        "country": "DE",
        "phone": "+49 30 1234567",
        "shipping_method": "de_standard",
        "payment_method": "bacs",
        "terms_accepted": True,
    }
    body.update(overrides)
    return {k: v for k, v in body.items() if v is not None}


def place(http: TestClient, token: str, key: str | None = None, **overrides: Any) -> Any:
    """POST the order with ``form(**overrides)``; a fresh Idempotency-Key unless ``key``."""
    headers = {"X-Cart-Token": token, "Idempotency-Key": key or secrets.token_hex(8)}
    return http.post("/api/checkout/orders", headers=headers, json=form(**overrides))
