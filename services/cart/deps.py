"""The process-wide cart application, built from the settings on first use, and the
``X-Cart-Token`` header that names a cart in the cart and checkout APIs (docs/api.md)."""

from __future__ import annotations

import re
import threading
from functools import lru_cache
from typing import Annotated

from fastapi import Header

from services.cart.application import CartApplication
from services.cart.catalog_adapter import SqlCatalogFacts
from services.cart.eventstore import eventstore_env
from services.cart.partitions import PartitionedCartApplication, build_partition
from services.shared.db import get_sessionmaker
from services.shared.errors import BadRequest
from services.shared.settings import Settings, get_settings

_build_lock = threading.Lock()

CART_TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{22,128}$")
TokenHeader = Annotated[str | None, Header(alias="X-Cart-Token", description="The cart token (>= 128 bits).")]
# ``error_responses`` entries of the routes that take the token.
BAD_TOKEN = {400: "`invalid_cart_token`: X-Cart-Token missing or not 22 to 128 URL-safe characters"}
NO_CART = {404: "`cart_not_found`: no cart with that token"}


def cart_token(raw: str | None) -> str:
    """The ``X-Cart-Token`` header's value (22 to 128 URL-safe characters: 128+ bits). Raises
    ``BadRequest`` 400 ``invalid_cart_token`` when it is missing or malformed."""
    if raw is None or not CART_TOKEN_RE.match(raw):
        raise BadRequest(
            "invalid_cart_token", "X-Cart-Token must be 22 to 128 URL-safe characters (128+ bits)."
        )
    return raw


@lru_cache(maxsize=1)
def _build() -> CartApplication:
    settings = get_settings()
    if settings.cart_partitions:
        return _build_partitioned(settings)  # type: ignore[return-value]
    env = eventstore_env(settings)
    env["CART_SNAPSHOT_INTERVAL"] = str(settings.cart_snapshot_interval)
    # Catalogue facts are trusted for CATALOG_CACHE_TTL seconds, like every catalogue read: an
    # edit (price, stock) reaches cart decisions within that time; checkout re-checks stock.
    # A refresher thread keeps that revision fresh, so commands never find it expired.
    facts = SqlCatalogFacts(get_sessionmaker(), ttl=settings.catalog_cache_ttl)
    facts.start_refresher()
    return CartApplication(env, catalog=facts)


def _build_partitioned(settings: Settings) -> PartitionedCartApplication:
    """The router over ``CART_PARTITION_URLS`` (``services/cart/partitions.py``): one
    ``CartApplication`` per partition, all deciding with one catalogue (one refresher thread)."""
    facts = SqlCatalogFacts(get_sessionmaker(), ttl=settings.catalog_cache_ttl)
    facts.start_refresher()
    apps = [build_partition(settings, i, facts) for i in range(len(settings.cart_partitions))]
    return PartitionedCartApplication(apps)


def get_cart_app() -> CartApplication:
    """The ``CartApplication`` for the configured database: one per process, built once even when
    the first requests arrive together (each build would open its own connection pool).
    With ``CART_PARTITION_URLS`` set it is a ``PartitionedCartApplication`` (same interface,
    each call routed to the cart's partition; typed as ``CartApplication`` for its callers).
    Tests call ``get_cart_app.cache_clear()``."""
    with _build_lock:
        return _build()


get_cart_app.cache_clear = _build.cache_clear  # type: ignore[attr-defined]
get_cart_app.cache_info = _build.cache_info  # type: ignore[attr-defined]
