"""Fixtures for the cart tests: a small fake catalogue and in-memory applications."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from services.cart.application import CartApplication
from tests.cart.helpers import GERMANY, USA, FakeCatalog, choice, popo_app, simple
from tests.privacy_scan import assert_no_email_in_store


@pytest.fixture
def catalog() -> FakeCatalog:
    """Mouse 1 (managed stock 3), pack 2 (unmanaged), builder 26907 with choices, add-on 31575."""
    return FakeCatalog(
        [
            simple(1, 5999, 6499, name="Skoll Mouse", manage_stock=True, stock_quantity=3),
            simple(2, 1999, 2199, name="Switch Pack"),
            simple(4, 12999, 13999, name="Freya TKL", availability="coming_soon"),
            simple(
                26907,
                19999,
                21999,
                name="Custom Keyboard Builder",
                choices={
                    "case:alu": choice("case", "alu", 1990, 2190),
                    "case:wood": choice("case", "wood", 4990, 5490, stock_status="outofstock"),
                },
            ),
            simple(31575, 4999, 5499, name="Builder Add-on"),
        ],
        [GERMANY, USA],
    )


@pytest.fixture
def app(catalog: FakeCatalog) -> Iterator[CartApplication]:
    """An in-memory cart application over ``catalog``. At teardown every event and snapshot the
    test stored is scanned for email addresses (docs/events.md, "What events never hold")."""
    application = popo_app(catalog)
    yield application
    assert_no_email_in_store(application)
