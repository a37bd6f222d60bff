"""``CatalogFacts`` over the catalogue database (the cart's only way to read catalogue rows).

Facts are cached per process, keyed by the catalogue revision (``services/catalog/revision.py``:
every catalogue write, stock included, bumps it in the same transaction). By default the
revision is read on every call (``ttl`` 0: one indexed one-row query instead of the product
query and its three ``selectinload`` queries), so answers are exactly as fresh as before.
A positive ``ttl`` trusts the revision for that many seconds, like the catalogue response cache.
Before the revision table exists (revision 0) nothing is cached.

With a positive ``ttl`` a server process also calls :meth:`SqlCatalogFacts.start_refresher`:
a daemon thread re-reads the revision every ``ttl / 2`` seconds, so in steady state the
revision is always fresh and the cart's command path (which decides on the event loop only when
the command's facts are cached *and* fresh, ``is_cached``) never finds it expired. Without it,
every ``ttl`` seconds the commands in flight found the revision stale and read their facts in a
worker thread until one of them had read it again (about 1 % of commands under bench load, and most
of the p99). The guarantee is unchanged: a decision uses a revision read at most ``ttl``
seconds ago; if the refresher cannot read (database down), the revision simply goes stale and
calls read it themselves, as before.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import asdict
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload, sessionmaker

from services.cart.facts import ChoiceFacts, CountryFacts, Price, ProductFacts
from services.catalog import revision as catalog_revision
from services.catalog.models import Product, Variation
from services.catalog.repository import country_tax
from services.catalog.sales import current_prices, next_boundary, utc_now
from services.configurator.domain import Configurator
from services.configurator.service import configurators_for
from services.discounts import repository as coupon_repository
from services.discounts.domain import CouponFacts

log = logging.getLogger(__name__)


def _price(regular: int | None, sale: int | None) -> Price:
    return Price(regular=regular or 0, sale=sale)


class SqlCatalogFacts:
    """Reads facts with one short session per call (safe from any thread); caches them by
    catalogue revision (see the module docstring). ``max_entries`` 0 turns the cache off."""

    def __init__(self, sessions: sessionmaker[Session], ttl: float = 0.0, max_entries: int = 4096) -> None:
        self._sessions = sessions
        self.ttl = ttl
        self.max_entries = max_entries
        self._cache: dict[tuple[Any, ...], Any] = {}
        self._revision = 0
        self._boundary: datetime | None = None  # next scheduled sale start or end (naive UTC)
        self._checked_at = float("-inf")
        self._lock = threading.Lock()
        self._refresher: threading.Thread | None = None
        self._stop = threading.Event()

    def start_refresher(self, interval: float | None = None) -> None:
        """Re-read the revision every ``interval`` seconds (default ``ttl / 2``) in a daemon
        thread until :meth:`close` (see the module docstring). Does nothing when ``ttl`` is 0
        (every call reads the revision anyway) or when the refresher already runs."""
        if self.ttl <= 0 or self._refresher is not None:
            return
        every = interval if interval is not None else self.ttl / 2
        self._refresher = threading.Thread(
            target=self._refresh_loop, args=(every,), name="catalog-revision-refresh", daemon=True
        )
        self._refresher.start()

    def _refresh_loop(self, every: float) -> None:
        while not self._stop.wait(every):
            try:
                self.refresh()
            except Exception:  # noqa: BLE001 - database away: the revision goes stale, calls read it
                log.warning("catalogue revision refresh failed", exc_info=True)

    def refresh(self) -> int:
        """Read the catalogue revision now; drop the cache when it changed. The revision."""
        with self._sessions() as session:
            return self._read_revision(session)

    def _read_revision(self, session: Session) -> int:
        """Read the revision in ``session``, drop the cache if it moved, note when it was read.
        When the revision moved, also read the next sale boundary (``services/catalog/sales.py``)."""
        revision = catalog_revision.read(session.connection())
        boundary = self._boundary
        if revision != self._revision:
            boundary = next_boundary(session.get_bind())
        with self._lock:
            if revision != self._revision:
                self._cache.clear()
                self._revision = revision
                self._boundary = boundary
            self._checked_at = time.monotonic()
        return revision

    def _sale_boundary_passed(self) -> None:
        """A scheduled sale started or ended since the facts were cached (prices change with no
        catalogue edit, docs/spec.md section 10.4): drop the cache and read the next boundary."""
        boundary = self._boundary
        if boundary is None or utc_now() < boundary:
            return
        with self._sessions() as session:
            following = next_boundary(session.get_bind())
        with self._lock:
            if self._boundary == boundary:
                self._cache.clear()
                self._boundary = following

    def close(self) -> None:
        """Stop the refresher thread (if any) and wait for it."""
        self._stop.set()
        if self._refresher is not None:
            self._refresher.join(timeout=5)
            self._refresher = None

    def _fresh(self) -> bool:
        """Whether the revision last read may be trusted without reading it again (``ttl``).
        Drops the cache first when a sale boundary has passed."""
        self._sale_boundary_passed()
        return self.ttl > 0 and time.monotonic() - self._checked_at < self.ttl and self._revision != 0

    def is_cached(self, kind: str, *key: Any) -> bool:
        """Whether ``product(*key)`` (kind ``"product"``) or ``country(*key)`` (``"country"``)
        would answer from the cache without any database read: the revision is fresh and the
        entry is there. ``CartApplication.execute_async`` asks this before it decides on the event loop."""
        return self._fresh() and (kind, *key) in self._cache

    def _cached(self, key: tuple[Any, ...], load: Any) -> Any:
        """``load(session)`` through the cache: one session for the revision read and a miss;
        a hit on a fresh revision opens no session at all."""
        if self.max_entries <= 0:
            with self._sessions() as session:
                return load(session)
        if self._fresh():
            try:
                return self._cache[key]
            except KeyError:
                pass
        with self._sessions() as session:
            if self._fresh():
                revision = self._revision
            else:
                revision = self._read_revision(session)
            if revision == 0:  # not migrated yet: nothing safe to key by
                return load(session)
            try:
                return self._cache[key]
            except KeyError:
                pass
            value = load(session)  # read after the revision: at least as new as it
        with self._lock:
            if revision == self._revision:  # a newer revision cleared the cache: do not refill it
                if len(self._cache) >= self.max_entries:
                    self._cache.clear()
                self._cache[key] = value
        return value

    def product(self, product_id: int, variation_id: int | None) -> ProductFacts | None:
        """Facts of a published product, with the variation's prices and stock when given.
        None when the product (or that variation of it) is not published."""
        return self._cached(
            ("product", product_id, variation_id), lambda s: _product(s, product_id, variation_id)
        )

    def country(self, code: str) -> CountryFacts | None:
        """The country with its currency and its first (highest priority) tax rate."""
        return self._cached(("country", code.upper()), lambda s: _country(s, code))

    def coupon(self, code: str) -> CouponFacts | None:
        """The coupon with ``code`` (case-insensitive), read live on every call, never cached:
        its usage count changes with every order. None when there is none."""
        with self._sessions() as session:
            return coupon_repository.facts_for_code(session, code)


def _product(session: Session, product_id: int, variation_id: int | None) -> ProductFacts | None:
    p = session.scalars(
        select(Product)
        .where(Product.id == product_id, Product.status == "publish")
        .options(
            selectinload(Product.variations),
            selectinload(Product.images),
            selectinload(Product.categories),
        )
    ).first()
    if p is None:
        return None
    live = [v for v in p.variations if v.status == "publish"]
    variation: Variation | None = None
    if variation_id is not None:
        variation = next((v for v in live if v.id == variation_id), None)
        if variation is None:
            return None
    source = variation or p
    prices = current_prices(source)  # scheduled sales (docs/spec.md section 10.4)
    # A configurable product's builds are decided with its configurator (docs/spec.md section 2.13).
    configurator = configurators_for(session, [p]).get(p.id) if p.is_configurable else None
    choices = choice_facts(configurator)
    image = (variation.image_src if variation else None) or next((i.src for i in p.images), None)
    return ProductFacts(
        product_id=p.id,
        variation_id=variation.id if variation else None,
        sku=(variation.sku or p.sku) if variation else p.sku,
        name=p.name,
        image=image,
        published=True,
        product_type=p.type,
        availability=p.availability,
        eur=_price(prices.regular_eur, prices.sale_eur),
        usd=_price(prices.regular_usd, prices.sale_usd),
        stock_status=source.stock_status,
        stock_quantity=source.stock_quantity,
        manage_stock=source.manage_stock,
        backorders=source.backorders,
        variation_ids=tuple(v.id for v in live),
        variation_label=", ".join(
            a.get("option", "") for a in (variation.attributes if variation else []) or []
        ),
        recommended_product_ids=tuple(p.recommended_product_ids or ()),
        recommended_discount=p.recommended_products_discount or 0,
        recommended_discount_active=p.activate_recommended_products_discount,
        recommended_price_eur=p.recommended_products_price_eur if p.use_recommended_products_price else None,
        recommended_price_usd=p.recommended_products_price_usd if p.use_recommended_products_price else None,
        choices=choices,
        configurator=configurator,
        category_ids=tuple(c.id for c in p.categories),
    )


def choice_facts(configurator: Configurator | None) -> dict[str, ChoiceFacts]:
    """The choices of a product's configurator by ``"layer_id:choice_id"`` (extras in minor
    units, docs/spec.md section 5): what the browser's optimistic cart also knows. The server
    decides with the whole configurator (``ProductFacts.configurator``, docs/spec.md section 2.13)."""
    if configurator is None:
        return {}
    names = {layer.id: layer.name for layer in configurator.layers}
    return {
        c.key: ChoiceFacts(
            layer_id=c.layer_id,
            choice_id=c.id,
            name=c.name,
            layer_name=names.get(c.layer_id, c.layer_id),
            extra_eur=max(0, c.extra_eur),
            extra_usd=max(0, c.extra_usd),
            stock_status="outofstock" if c.coming_soon else c.stock_status,
            has_backorder=c.preorder,
        )
        for c in configurator.choices
    }


def _country(session: Session, code: str) -> CountryFacts | None:
    """The cart's facts of the country ``code`` (``services.catalog.repository.country_tax``)."""
    found = country_tax(session, code)
    return None if found is None else CountryFacts(**asdict(found))
