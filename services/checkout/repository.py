"""All of checkout's SQL: shipping data, destinations, live product facts, the atomic stock
updates, and order rows (the coupon SQL is ``services/discounts/repository.py``). Functions take
the caller's ``Session`` and never commit (the application owns the transaction). Money: integer
minor units.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any

from sqlalchemy import case, func, or_, select, update
from sqlalchemy.orm import Session, selectinload

from services.catalog.models import Product, Variation
from services.catalog.repository import CountryTax, country_tax
from services.catalog.sales import current_prices
from services.checkout.models import Order, OrderCustomer, OrderLine, ShippingRate, ShippingZone
from services.checkout.pricing import LiveProduct
from services.checkout.shipping import RateFacts, ZoneFacts
from services.configurator.service import configurators_for
from services.shared.db import rows_affected

ORDER_ID_MIN = 100_000_000  # public order numbers are random 9-digit numbers
ORDER_ID_SPAN = 900_000_000


# A country we ship to: its ``currency`` and the tax included in prices there (``tax_rate_bp``
# hundredths of a percent, 1900 = 19 %; 0 and ``tax_name`` "" when none). The catalogue owns the
# country and tax tables and their one lookup.
Destination = CountryTax


# ---- reads -----------------------------------------------------------------------------------


def destination(session: Session, code: str) -> Destination | None:
    """The country ``code`` with its currency and first tax rate (by priority), or None
    (``services.catalog.repository.country_tax``)."""
    return country_tax(session, code)


def shipping_data(session: Session) -> tuple[list[ZoneFacts], list[RateFacts]]:
    """Every shipping zone and rate as plain facts."""
    zones = [
        ZoneFacts(
            id=z.id, name=z.name, position=z.position, countries=tuple(c.upper() for c in z.countries or ())
        )
        for z in session.scalars(select(ShippingZone))
    ]
    rates = [
        RateFacts(
            id=r.id,
            zone_id=r.zone_id,
            title=r.title,
            currency=r.currency,
            cost=r.cost,
            free_over=r.free_over,
            position=r.position,
            enabled=r.enabled,
        )
        for r in session.scalars(select(ShippingRate))
    ]
    return zones, rates


def live_products(
    session: Session, keys: Iterable[tuple[int, int | None]]
) -> dict[tuple[int, int | None], LiveProduct | None]:
    """The catalogue's current facts for each ``(product_id, variation_id)`` (None when the
    product or variation does not exist). Variation stock and prices are the variation's own."""
    wanted = set(keys)
    ids = sorted({pid for pid, _ in wanted})
    products = {
        p.id: p
        for p in session.scalars(
            select(Product)
            .where(Product.id.in_(ids))
            .options(
                selectinload(Product.variations),
                selectinload(Product.categories),
            )
        )
    }
    configurators = configurators_for(session, [p for p in products.values() if p.is_configurable])
    out: dict[tuple[int, int | None], LiveProduct | None] = {}
    for pid, vid in wanted:
        p = products.get(pid)
        if p is None:
            out[(pid, vid)] = None
            continue
        variation: Variation | None = None
        if vid is not None:
            variation = next((v for v in p.variations if v.id == vid), None)
            if variation is None:
                out[(pid, vid)] = None
                continue
        source: Any = variation or p
        prices = current_prices(source)  # scheduled sales (docs/spec.md section 10.4)
        published = p.status == "publish" and (variation is None or variation.status == "publish")
        out[(pid, vid)] = LiveProduct(
            product_id=pid,
            variation_id=vid,
            published=published,
            name=p.name,
            sku=(variation.sku or p.sku) if variation is not None else p.sku,
            availability=p.availability,
            regular_eur=prices.regular_eur or 0,
            sale_eur=prices.sale_eur,
            regular_usd=prices.regular_usd or 0,
            sale_usd=prices.sale_usd,
            stock_status=source.stock_status,
            stock_quantity=source.stock_quantity,
            manage_stock=source.manage_stock,
            backorders=source.backorders,
            category_ids=tuple(c.id for c in p.categories),
            configurator=configurators.get(pid),
            product_type=p.type,
            virtual=source.virtual,
        )
    return out


# ---- atomic updates ----------------------------------------------------------------------------


def take_stock(session: Session, product_id: int, variation_id: int | None, units: int) -> bool:
    """Take ``units`` from a managed stock row in one conditional UPDATE; True when it did.

    ``stock_quantity - units`` only WHERE the row manages stock and either allows backorders
    (``backorders = 'yes'``: the quantity may go below 0) or holds at least ``units``. The
    row's lock (PostgreSQL) or the database's write lock (SQLite) makes this the arbiter of
    concurrent orders: exactly as many succeed as there are units. ``stock_status`` becomes
    ``outofstock`` at 0 or below (``onbackorder`` when backorders are allowed).
    """
    table = Variation.__table__ if variation_id is not None else Product.__table__
    row_id = variation_id if variation_id is not None else product_id
    quantity = func.coalesce(table.c.stock_quantity, 0)
    result = session.execute(
        update(table)
        .where(
            table.c.id == row_id,
            table.c.manage_stock.is_(True),
            or_(table.c.backorders == "yes", quantity >= units),
        )
        .values(
            stock_quantity=quantity - units,
            stock_status=case(
                (quantity - units > 0, table.c.stock_status),
                (table.c.backorders == "yes", "onbackorder"),
                else_="outofstock",
            ),
        )
        .execution_options(synchronize_session=False)
    )
    return rows_affected(result) == 1


def stock_left(session: Session, product_id: int, variation_id: int | None) -> int:
    """The stock quantity of the row now (0 when unknown), for a refusal's message."""
    table = Variation.__table__ if variation_id is not None else Product.__table__
    row_id = variation_id if variation_id is not None else product_id
    return int(session.scalar(select(table.c.stock_quantity).where(table.c.id == row_id)) or 0)


def take_write_lock(session: Session) -> None:
    """SQLite only: start the transaction with a write, so it waits for the database's single
    writer lock (``busy_timeout``) instead of failing later when a read transaction tries to
    become a writer after another writer committed (SQLITE_BUSY at once). No-op elsewhere."""
    if session.get_bind().dialect.name == "sqlite":
        session.execute(update(Order.__table__).where(Order.__table__.c.id == -1).values(status="x"))


# ---- orders --------------------------------------------------------------------------------------


def order_for_key(session: Session, cart_id: str, idempotency_key: str) -> Order | None:
    """The order placed from cart ``cart_id`` with ``idempotency_key``, or None."""
    return session.scalars(
        select(Order).where(Order.cart_id == cart_id, Order.idempotency_key == idempotency_key)
    ).first()


def last_order_for_cart(session: Session, cart_id: str) -> Order | None:
    """The cart's most recent order (highest cart version), or None."""
    return session.scalars(
        select(Order).where(Order.cart_id == cart_id).order_by(Order.cart_version.desc()).limit(1)
    ).first()


def new_order_id(session: Session) -> int:
    """A random unused 9-digit order id (retried on a clash; a concurrent clash fails the
    insert on the primary key and the caller's transaction is retried)."""
    for _ in range(20):
        candidate = ORDER_ID_MIN + secrets.randbelow(ORDER_ID_SPAN)
        if session.get(Order, candidate) is None:
            return candidate
    raise RuntimeError("no free order id after 20 tries")  # pragma: no cover - 1e-160


def add_order(session: Session, order: Order, lines: list[OrderLine], customer: OrderCustomer) -> None:
    """Insert the order, its lines and its customer row (flushes, so constraint violations
    surface here)."""
    session.add(order)
    session.flush()
    session.add_all([*lines, customer])
    session.flush()


def get_order(session: Session, order_id: int) -> Order | None:
    """The order with ``order_id``, or None."""
    return session.get(Order, order_id)


def lines_of(session: Session, order_id: int) -> list[OrderLine]:
    """The order's lines in order."""
    return list(
        session.scalars(select(OrderLine).where(OrderLine.order_id == order_id).order_by(OrderLine.position))
    )


def customer_of(session: Session, order_id: int) -> OrderCustomer | None:
    """The order's customer row (contact and address), or None."""
    return session.get(OrderCustomer, order_id)


def order_ids_of_email(session: Session, email: str) -> list[int]:
    """The ids of the orders whose buyer email is ``email`` (already lower-case; compared
    case-insensitively), oldest first."""
    return list(
        session.scalars(
            select(OrderCustomer.order_id)
            .join(Order, Order.id == OrderCustomer.order_id)
            .where(func.lower(OrderCustomer.email) == email)
            .order_by(Order.date_created, Order.id)
        )
    )
