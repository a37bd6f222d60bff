"""The process-wide cart application, built from the settings on first use."""

from __future__ import annotations

from functools import lru_cache

from services.cart.application import CartApplication
from services.cart.catalog_adapter import SqlCatalogFacts
from services.cart.eventstore import eventstore_env
from services.shared.db import get_sessionmaker
from services.shared.settings import get_settings


@lru_cache(maxsize=1)
def get_cart_app() -> CartApplication:
    """The ``CartApplication`` for the configured database (tests call ``cache_clear()``)."""
    settings = get_settings()
    env = eventstore_env(settings)
    env["CART_SNAPSHOT_INTERVAL"] = str(settings.cart_snapshot_interval)
    return CartApplication(env, catalog=SqlCatalogFacts(get_sessionmaker()))
