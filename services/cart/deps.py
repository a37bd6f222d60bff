"""The process-wide cart application, built from the settings on first use."""

from __future__ import annotations

import threading
from functools import lru_cache

from services.cart.application import CartApplication
from services.cart.catalog_adapter import SqlCatalogFacts
from services.cart.eventstore import eventstore_env
from services.shared.db import get_sessionmaker
from services.shared.settings import get_settings

_build_lock = threading.Lock()


@lru_cache(maxsize=1)
def _build() -> CartApplication:
    settings = get_settings()
    env = eventstore_env(settings)
    env["CART_SNAPSHOT_INTERVAL"] = str(settings.cart_snapshot_interval)
    # Catalogue facts are trusted for CATALOG_CACHE_TTL seconds, like every catalogue read: an
    # edit (price, stock) reaches cart decisions within that time; checkout re-checks stock.
    # A refresher thread keeps that revision fresh, so the fast path never finds it expired.
    facts = SqlCatalogFacts(get_sessionmaker(), ttl=settings.catalog_cache_ttl)
    facts.start_refresher()
    return CartApplication(env, catalog=facts)


def get_cart_app() -> CartApplication:
    """The ``CartApplication`` for the configured database: one per process, built once even when
    the first requests arrive together (each build would open its own connection pool).
    Tests call ``get_cart_app.cache_clear()``."""
    with _build_lock:
        return _build()


get_cart_app.cache_clear = _build.cache_clear  # type: ignore[attr-defined]
get_cart_app.cache_info = _build.cache_info  # type: ignore[attr-defined]


def create_event_tables() -> None:
    """Create the event store's tables for the configured database (``migrate`` calls this, so
    running workers never race to create them: they start with ``CREATE_TABLE=n``)."""
    env = eventstore_env(get_settings(), create_tables=True)
    if env["PERSISTENCE_MODULE"] == "eventsourcing.popo":
        return
    CartApplication(env).close()
