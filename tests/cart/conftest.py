"""Fixtures for the cart tests: a small fake catalogue and in-memory applications."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from services.cart.application import CartApplication
from tests.cart.helpers import GERMANY, USA, FakeCatalog, popo_app, shop_products
from tests.privacy_scan import assert_no_email_in_store


@pytest.fixture
def catalog() -> FakeCatalog:
    """Mouse 1 (managed stock 3), pack 2 (unmanaged), builder 26907 with choices, add-on 31575."""
    return FakeCatalog(shop_products(), [GERMANY, USA])


@pytest.fixture
def app(catalog: FakeCatalog) -> Iterator[CartApplication]:
    """An in-memory cart application over ``catalog``. At teardown every event and snapshot the
    test stored is scanned for email addresses (docs/events.md, "What events never hold")."""
    application = popo_app(catalog)
    yield application
    assert_no_email_in_store(application)
