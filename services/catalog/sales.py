"""Scheduled sales: the one place the shop decides a product's current price (docs/spec.md section 10.4).

A product or variation row keeps its regular and sale prices (integer minor units per
currency) and an optional sale window, ``date_on_sale_from`` .. ``date_on_sale_to`` (naive UTC,
either may be None: open-ended). The sale price applies when ``from <= now < to``; outside the
window the row sells at its regular price and is not on sale. Every reader of prices goes
through :func:`current_prices`: the catalogue JSON (``serializers.py``), the cart's catalogue
facts (``services/cart/catalog_adapter.py``) and checkout's live facts
(``services/checkout/repository.py``), so cart, checkout and product page agree.

"Now" is :data:`clock` (``services.shared.clock.now``: tests replace it, and the demo history's
``simulated_clock`` sets it). Caches keyed by the catalogue revision also drop their entries when a
sale boundary passes (:func:`next_boundary`; ``response_cache.py``, ``catalog_adapter.py``):
no edit bumps the revision when a sale merely starts or ends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

from sqlalchemy import func, select, union_all
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError

from services.catalog.models import Product, Variation
from services.shared import clock as shared_clock


class SaleRow(Protocol):
    """The price columns a product and a variation share (``models.products.PricesAndStock``)."""

    regular_price_eur: int | None
    sale_price_eur: int | None
    regular_price_usd: int | None
    sale_price_usd: int | None
    date_on_sale_from: datetime | None
    date_on_sale_to: datetime | None


@dataclass(frozen=True)
class CurrentPrices:
    """A row's prices now, minor units: ``sale_*`` None when no sale price applies now."""

    regular_eur: int | None
    sale_eur: int | None
    regular_usd: int | None
    sale_usd: int | None


# The time sale windows are compared with: the shop's now (services/shared/clock.py, which
# ``simulated_clock`` also sets); tests replace it (``monkeypatch.setattr(sales, "clock", ...)``).
clock: Callable[[], datetime] = shared_clock.now


def utc_now() -> datetime:
    """:data:`clock` as a naive UTC datetime, the way sale dates are stored."""
    return clock().astimezone(UTC).replace(tzinfo=None)


def sale_active(row: SaleRow, now: datetime | None = None) -> bool:
    """Whether the row's sale window holds ``now`` (naive UTC; default :func:`utc_now`):
    ``date_on_sale_from <= now < date_on_sale_to``, a missing date leaving that side open."""
    at = now if now is not None else utc_now()
    if row.date_on_sale_from is not None and at < row.date_on_sale_from:
        return False
    return row.date_on_sale_to is None or at < row.date_on_sale_to


def current_prices(row: SaleRow, now: datetime | None = None) -> CurrentPrices:
    """The row's regular prices and, inside its sale window (:func:`sale_active`), its sale
    prices; outside it both sale prices are None (docs/spec.md section 10.4)."""
    active = sale_active(row, now)
    return CurrentPrices(
        regular_eur=row.regular_price_eur,
        sale_eur=row.sale_price_eur if active else None,
        regular_usd=row.regular_price_usd,
        sale_usd=row.sale_price_usd if active else None,
    )


def shown_price(product: Product, currency: str, now: datetime | None = None) -> int | None:
    """The price a listing shows for ``product`` in ``currency`` ("eur" or "usd"), integer
    minor units, as it is ``now``: its sale price inside the sale window, else its regular
    price; a variable product with published variations shows its cheapest one (docs/spec.md
    sections 9 and 10.4). None when the product has no price in that currency. Needs
    ``product.variations`` loaded. The category listing sorts by it (docs/spec.md section 2.5)."""
    at = now if now is not None else utc_now()
    rows: list[SaleRow] = [product]
    if product.type == "variable":
        live = [v for v in product.variations if v.status == "publish"]
        rows = list(live) or rows
    prices = []
    for row in rows:
        c = current_prices(row, at)
        regular, sale = (c.regular_usd, c.sale_usd) if currency == "usd" else (c.regular_eur, c.sale_eur)
        price = sale if sale is not None else regular
        if price is not None:
            prices.append(price)
    return min(prices) if prices else None


def next_boundary(bind: Engine | Connection, now: datetime | None = None) -> datetime | None:
    """The earliest sale start or end after ``now`` in the whole catalogue (products and
    variations), or None: when it passes, prices change without a catalogue edit, so caches
    keyed by the catalogue revision must drop what they hold. None also when the columns are
    missing (before migration 0015)."""
    at = now if now is not None else utc_now()
    dates = union_all(
        *(
            select(column.label("at")).where(column > at)
            for column in (
                Product.date_on_sale_from,
                Product.date_on_sale_to,
                Variation.date_on_sale_from,
                Variation.date_on_sale_to,
            )
        )
    ).subquery()
    query = select(func.min(dates.c.at))
    try:
        if isinstance(bind, Engine):
            with bind.connect() as conn:
                found = conn.scalar(query)
        else:
            found = bind.scalar(query)
    except DBAPIError:  # no table or columns yet (before migration 0015): no boundary to wait for
        return None
    if isinstance(found, str):  # SQLite answers MIN() over a union as text
        found = datetime.fromisoformat(found)
    return found
